// Polka: a project-scaffolding service creates each new project by copying its starter template (50
// small files in 2 folders, written at start-up) into the project's folder with fs-extra's copy. copy
// stats, copies and chmods every file with async fs calls, a whole folder at once: a burst of short jobs
// on libuv's pool per request, so 16 requests at once keep its 4 threads busy while the loop stays free.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const polka = require('polka');
const fse = require('fs-extra');

const statusFile = path.join(__dirname, 'status.json');
const template = path.join(__dirname, 'template');
for (let d = 0; d < 2; d++) {
  fs.mkdirSync(path.join(template, `src/module-${d}`), { recursive: true });
  for (let f = 0; f < 25; f++) fs.writeFileSync(path.join(template, `src/module-${d}/file-${f}.ts`), `export const value${d}_${f} = ${d * 100 + f};\n`.repeat(20));
}
let seq = 0;

polka()
  .get('/health', async (req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(await fs.promises.readFile(statusFile));
  })
  .get('/x', async (req, res) => {
    const project = `p-${seq++}`;
    await fse.copy(template, path.join(__dirname, 'projects', project));
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ project, files: 50 }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
