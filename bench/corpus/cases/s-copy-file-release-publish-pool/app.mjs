// hapi (ESM): the site builder's publish step. /x publishes a release of a landing page: it copies the
// page's media (8 files of 8 MB: hero videos, posters, downloadable brochures) from the asset store into a
// new release folder with copy-file (lstat, mkdir, fs.copyFile, utimes and chmod per file, all at once), and
// prunes the releases older than the last three with fs.promises.rm. Every one of those calls is a job on
// libuv's thread pool, and each fs.copyFile copies its 8 MB inside one job: the loop stays free, but 16
// publishes at once fill the pool's four threads, and the health check's file read waits in the same queue.
// The asset store is written at start-up, next to the app.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Hapi from '@hapi/hapi';
import { copyFile } from 'copy-file';

const here = path.dirname(fileURLToPath(import.meta.url));
const statusFile = path.join(here, 'status.json');
const assetDir = path.join(here, 'assets');
const releaseDir = path.join(here, 'releases');
fs.rmSync(releaseDir, { recursive: true, force: true });
fs.mkdirSync(assetDir, { recursive: true });
const media = ['hero.mp4', 'hero-mobile.mp4', 'poster.jpg', 'poster@2x.jpg', 'brochure-de.pdf', 'brochure-en.pdf', 'teaser.webm', 'gallery.zip'];
for (const name of media) fs.writeFileSync(path.join(assetDir, name), crypto.randomBytes(8 * 1024 * 1024));
let release = 0;
const published = [];

const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
server.route({ method: 'GET', path: '/health', handler: async (request, h) => h.response(await fs.promises.readFile(statusFile)).type('application/json') });
server.route({ method: 'GET', path: '/x', handler: async () => {
  const id = ++release;
  const target = path.join(releaseDir, `r${id}`);
  await Promise.all(media.map((name) => copyFile(path.join(assetDir, name), path.join(target, name))));
  published.push(id);
  const pruned = published.length > 3 ? published.shift() : null;
  if (pruned) await fs.promises.rm(path.join(releaseDir, `r${pruned}`), { recursive: true, force: true });
  return { release: id, files: media.length, pruned };
} });
await server.start();
