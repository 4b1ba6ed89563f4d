// h3 (ESM): the digital-asset service's "images in this workspace" listing. /x lists the workspace's asset
// folder (16,000 files in 320 folders: originals, their renditions and sidecar files) with Node's recursive
// fs.readdirSync(root, { recursive: true }) and returns the images in it. The folder tree is written at
// start-up, next to the app.
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createApp, createRouter, defineEventHandler, getQuery, toNodeListener } from 'h3';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets', 'ws-4711');
fs.rmSync(root, { recursive: true, force: true });
for (let d = 0; d < 320; d++) {
  const dir = path.join(root, `campaign-${Math.floor(d / 20)}`, `shoot-${d}`);
  fs.mkdirSync(dir, { recursive: true });
  for (let f = 0; f < 50; f++) {
    const name = f % 5 === 4 ? `IMG_${d}_${f}.xmp` : f % 5 === 3 ? `IMG_${d}_${f}@2x.webp` : `IMG_${d}_${f}.jpg`;
    fs.writeFileSync(path.join(dir, name), '');
  }
}

const app = createApp();
const router = createRouter();
router.get('/health', defineEventHandler(() => 'ok'));
router.get('/x', defineEventHandler((event) => {
  const ext = String(getQuery(event).ext ?? '.jpg');
  const files = fs.readdirSync(root, { recursive: true }).filter((file) => file.endsWith(ext));
  return { workspace: 'ws-4711', count: files.length, first: files.slice(0, 50) };
}));
app.use(router);
createServer(toNodeListener(app)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
