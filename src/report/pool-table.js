// libuv's thread pool, when its jobs waited: how long, on how many threads, who filled it, and the
// advice. Returns lines for the terminal and for summary.md; nothing when the pool kept up.

import Table from 'cli-table3';
import { ms } from './format.js';
import { callerWhere } from '../analyze/pool-caller-text.js';

/** @typedef {import('../../types/report.js').ThreadPool} ThreadPool */

/**
 * Whether the pool is worth a table: saturated, or its jobs waited half the block threshold at p90.
 * @param {ThreadPool | null | undefined} pool @param {number} thresholdMs
 * @returns {pool is ThreadPool}
 */
export function poolShown(pool, thresholdMs) {
  return !!pool && (pool.saturated || pool.waitP90Ms >= thresholdMs / 2);
}

/** "crypto.pbkdf2 at app.js:10". @param {import('../../types/report.js').PoolCaller} c */
export function callerText(c) {
  return `${c.api}${callerWhere(c)}`;
}

/**
 * @param {ThreadPool | null | undefined} pool @param {number} thresholdMs
 * @param {import('chalk').ChalkInstance} c
 * @returns {string[]}
 */
export function renderPool(pool, thresholdMs, c) {
  if (!poolShown(pool, thresholdMs)) return [];
  const t = new Table({ head: ['thread pool', 'threads', 'cores', 'job wait p50', 'p90', 'p99', 'max', 'other threads CPU'], style: { head: [], border: [] } });
  t.push([
    pool.saturated ? c.magenta('saturated') : 'busy', String(pool.size), pool.cores === null ? '-' : String(pool.cores),
    ms(pool.waitP50Ms), c.red(ms(pool.waitP90Ms)), ms(pool.waitP99Ms), ms(pool.waitMaxMs),
    pool.otherThreadsCores === null ? '-' : `${pool.otherThreadsCores} cores`,
  ]);
  const out = [t.toString()];
  if (pool.callers.length) {
    const k = new Table({ head: ['filled by', 'requests seen', 'share of its time'], style: { head: [], border: [] } });
    for (const caller of pool.callers.slice(0, 5)) k.push([callerText(caller), String(caller.count), `${Math.round(caller.share * 100)}%`]);
    out.push(k.toString());
  }
  if (pool.advice) out.push(c.cyan(`advice: ${pool.advice}`));
  return out;
}
