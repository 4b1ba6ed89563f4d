// Whether `attach` names the running function every time: a server whose one route computes
// (the built-in demo's /compute-sync), requested back to back by a client of this script, attached
// N times in a row (each for a few seconds, then detached). Counts the attaches whose report has the
// CPU profile and a block whose culprit or stack holds the computing function, and says why for the
// others (stacks.lost, notes).
//   node bench/attach-repeat.js [--times 20] [--seconds 3]

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, BIN, freePort, waitForPort, tempDir, note } from './lib.js';

const { values } = parseArgs({ options: { times: { type: 'string', default: '20' }, seconds: { type: 'string', default: '3' } } });
const times = Number(values.times);
const out = tempDir();
const port = await freePort();
const server = spawn(process.execPath, [path.join(ROOT, 'scenarios', 'demo-server.js')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
let running = true;
try {
  await waitForPort(port);
  // one request at a time, for as long as the attaches last
  const client = (async () => {
    while (running) {
      await new Promise((resolve) => {
        http.get({ host: '127.0.0.1', port, path: '/compute-sync?rounds=20000' }, (res) => { res.resume(); res.on('end', resolve); }).on('error', resolve);
      });
    }
  })();
  console.log(`attach ${times} times, ${values.seconds} s each, to the demo server under a sequential client; ${note}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  let named = 0;
  for (let i = 1; i <= times; i++) {
    const dir = path.join(out, `a${i}`);
    // spawned, not spawnSync: this script's own loop drives the client meanwhile
    const tool = spawn(process.execPath, [BIN, 'attach', String(server.pid), '-d', values.seconds, '--out', dir], { stdio: 'ignore' });
    const [code] = await once(tool, 'exit');
    let line = `attach ${i}: exit ${code}`;
    try {
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
      const hit = report.blocks.some((/** @type {any} */ b) => JSON.stringify([b.culprit, b.stack]).includes('computeSync'));
      if (report.profile && hit) named++;
      line += `, profile ${report.profile ? 'yes' : 'no'}, ${report.blocks.length} blocks, computeSync ${hit ? 'named' : 'not named'}${report.stacks.lost ? `, lost: ${report.stacks.lost}` : ''}`;
    } catch (error) {
      line += `, no report (${/** @type {Error} */ (error).message})`;
    }
    console.log(line);
  }
  console.log(`named the running function in ${named} of ${times} attaches`);
  running = false;
  await client;
} finally {
  running = false;
  server.kill('SIGTERM');
  fs.rmSync(out, { recursive: true, force: true });
}
