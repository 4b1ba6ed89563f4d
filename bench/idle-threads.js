// Where an idle app's CPU goes, thread by thread: each variant's threads' CPU (schedstat) and
// voluntary context switches (its wake-ups) a second, over windows of idle time. By default after
// a load (saturation, then 4000 req/s), as a service between bursts; with --no-load from its start,
// which holds V8 compiling the agent's code and collecting its first garbage.
//
//   node bench/idle-threads.js                                  # bare and register, hello, one 20 s window
//   node bench/idle-threads.js --no-load --after 5 --windows 3 --seconds 8
//   node bench/idle-threads.js --variants bare,register,register@24 --server awaits
//
// Threads are named by their offset from the process's pid (+7: the agent's worker, usually; +1..+6
// V8's and libuv's); `main` is the app's thread.

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, autocannonAsync, tempDir, note, threadsOf as threads } from './lib.js';
import { parseVariant, runnable, startVariant } from './variants.js';

const { values } = parseArgs({ options: {
  variants: { type: 'string', default: 'bare,register' }, server: { type: 'string', default: 'hello' },
  seconds: { type: 'string', default: '20' }, windows: { type: 'string', default: '1' }, after: { type: 'string', default: '5' },
  'no-load': { type: 'boolean', default: false },
} });
const seconds = Number(values.seconds);
const script = path.join(ROOT, 'bench', 'servers', `${values.server}.cjs`);
const out = tempDir();
const { variants, skipped } = runnable(values.variants.split(','));

console.log(`idle per thread, ${values.server}, ${values['no-load'] ? 'from start' : 'after a load'}, ${values.after} s later, ${values.windows} window(s) of ${seconds} s`);
console.log(note);
if (skipped.length) console.log(`skipped (not installed): ${skipped.join(', ')}`);
/** @type {{name: string, app: Awaited<ReturnType<typeof startVariant>>}[]} */
const apps = [];
try {
  for (const v of variants) apps.push({ name: v, app: await startVariant(parseVariant(v), script, out) });
  if (!values['no-load']) {
    for (const a of apps) {
      await autocannonAsync(a.app.port, { seconds: 4, connections: 20 });
      await autocannonAsync(a.app.port, { seconds: 4, rate: 4000, connections: 10 });
    }
  }
  await sleep(Number(values.after) * 1000);
  for (let w = 0; w < Number(values.windows); w++) {
    const before = apps.map((a) => threads(a.app.pid));
    await sleep(seconds * 1000);
    const after = apps.map((a) => threads(a.app.pid));
    if (Number(values.windows) > 1) console.log(`window ${w + 1}`);
    apps.forEach((a, i) => {
      let total = 0;
      const parts = [];
      for (const [k, e] of Object.entries(after[i])) {
        const ms = (e.ms - (before[i][k]?.ms ?? 0)) / seconds;
        const wakes = (e.wakes - (before[i][k]?.wakes ?? 0)) / seconds;
        total += ms;
        if (ms >= 0.005) parts.push(`${k} ${ms.toFixed(2)} ms/s ${wakes.toFixed(1)} wakes/s`);
      }
      console.log(`${a.name.padEnd(22)} ${(total / 10).toFixed(2)}% of a core   ${parts.join(' | ')}`);
    });
  }
} finally {
  for (const a of apps) await a.app.stop();
  fs.rmSync(out, { recursive: true, force: true });
}
