// --threads: the event loop of each worker thread of the app, from the files its thread agent wrote.

import fs from 'node:fs';
import path from 'node:path';
import { Histogram } from '../agent/histogram.cjs';
import { blocksInWindow, blockTotals, round } from './blocks.js';

/**
 * @param {string} dir @param {number} pid @param {number} from @param {number} to epoch ms of the window
 * @returns {{threadId: number, lag: {p50Ms: number, p99Ms: number, maxMs: number, samples: number}, elu: {mean: number},
 *   blocking: ReturnType<typeof blockTotals>, lifeMs: number}[]}
 */
export function readThreads(dir, pid, from, to) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const rows = [];
  for (const name of names) {
    if (!name.startsWith(`thread-${pid}-`) || !name.endsWith('.json')) continue;
    let data;
    try {
      data = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      continue;
    }
    const lag = Histogram.fromJSON(data.lag);
    const lifeMs = data.end - data.start;
    const blocks = blocksInWindow(data.blocks ?? [], from, to);
    rows.push({
      threadId: data.threadId,
      lag: { p50Ms: round(lag.percentile(50)), p99Ms: round(lag.percentile(99)), maxMs: round(lag.max), samples: lag.count },
      elu: { mean: Math.round((data.elu?.utilization ?? 0) * 1000) / 1000 },
      blocking: blockTotals(blocks, Math.max(0, Math.min(to, data.end) - Math.max(from, data.start))),
      lifeMs: round(lifeMs),
    });
  }
  return rows.sort((a, b) => a.threadId - b.threadId);
}
