// One row per cluster worker of the app: each ran its own agent and wrote its own files. Pure.
// A worker hears no start/stop command (it has no side channel), so its row is cut from its
// 100 ms timeline windows and its blocks inside the measured window, not from its lifetime totals.

import { blocksInWindow, blockTotals, round } from './blocks.js';

/**
 * @typedef {{pid: number, lag: {p50Ms: number, p99Ms: number, maxMs: number, windows: number},
 *   elu: number | null, blocking: ReturnType<typeof blockTotals>}} WorkerRow
 */

/**
 * @param {import('../collect/agent-data.js').AgentData[]} agents every agent's data but the main process's
 * @param {{from: number, to: number, windowMs: number}} window epoch ms
 * @returns {WorkerRow[]}
 */
export function workerRows(agents, { from, to, windowMs }) {
  return agents
    .map((agent) => {
      const windows = agent.windows.filter((w) => w.t + windowMs > from && w.t < to);
      const lags = windows.map((w) => w.lagMaxMs).sort((a, b) => a - b);
      const blocks = blocksInWindow(agent.blocks, from, to);
      return {
        pid: agent.pid,
        lag: { p50Ms: round(quantile(lags, 0.5)), p99Ms: round(quantile(lags, 0.99)), maxMs: round(lags.at(-1) ?? 0), windows: lags.length },
        elu: windows.length ? Math.round((windows.reduce((sum, w) => sum + w.elu, 0) / windows.length) * 1000) / 1000 : null,
        blocking: blockTotals(blocks, to - from),
      };
    })
    .sort((a, b) => a.pid - b.pid);
}

/** @param {number[]} sorted @param {number} q 0..1 */
function quantile(sorted, q) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
