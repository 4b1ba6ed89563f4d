// What blocked the loop in one run, grouped by "what blocks": the owner of the time (the app, a
// package, a Node API, JSON, native code, GC), the function named as the culprit, the app function
// that called it and that function's file. Lines are left out of the identity, so an edit above
// the function does not make it a new site. The baseline gate (site-diff.js) compares these groups
// between runs. Each block counts with the time it ran on a CPU (blocks[].runMs where the system
// tells): a stall the machine made longer is not the code's. Pure.

import path from 'node:path';
import { median } from './scenario-rows.js';

/**
 * @typedef {import('./time-owners.js').Owner} Owner
 * @typedef {object} BlockingSite
 * @property {string} key identity without the file: loop kind, owner, function, calling function
 * @property {string} file the calling function's file (the culprit's when nothing called it)
 * @property {'main' | 'cluster-worker' | 'worker-thread'} loop the kind of loop it blocked
 * @property {Owner} owner
 * @property {string} functionName the culprit's function
 * @property {{functionName: string, url: string, line: number} | null} calledFrom
 * @property {string} label the culprit as every output shows it
 * @property {number} count blocks
 * @property {number} heldMs the blocks' time on a CPU
 * @property {number} longestMs the longest of them, on a CPU
 * @property {number} typicalMs the median of them, on a CPU
 */

/** @typedef {{culprit?: any, durationMs: number, runMs?: number, tool?: boolean}} SiteBlock */

/**
 * The blocking sites of a report: its main loop's blocks and those of its other loops. Blocks with
 * no culprit (no stack sample fell in them) form no site: the longest block and the time blocked
 * still count them.
 * @param {any} report a report.json
 * @returns {BlockingSite[]} largest held time first
 */
export function blockingSites(report) {
  /** @type {Map<string, BlockingSite & {lengths: number[]}>} */
  const sites = new Map();
  /** @param {SiteBlock[]} blocks @param {BlockingSite['loop']} loop */
  const add = (blocks, loop) => {
    for (const block of blocks) {
      const c = block.culprit;
      if (!c || block.tool || !c.owner) continue;
      const at = c.calledFrom ?? c;
      const file = String(at.url ?? '');
      const key = siteKey(loop, c.owner, c.functionName, c.calledFrom?.functionName ?? null);
      const id = `${key}\0${file}`;
      const held = onCpuMs(block);
      const site = sites.get(id) ?? {
        key, file, loop, owner: { kind: c.owner.kind, name: c.owner.name, ...(c.owner.version ? { version: c.owner.version } : {}) },
        functionName: String(c.functionName ?? '(anonymous)'), calledFrom: c.calledFrom ? { functionName: c.calledFrom.functionName, url: c.calledFrom.url, line: c.calledFrom.line } : null,
        label: String(c.label ?? c.functionName), count: 0, heldMs: 0, longestMs: 0, typicalMs: 0, lengths: /** @type {number[]} */ ([]),
      };
      site.count += 1;
      site.heldMs += held;
      site.longestMs = Math.max(site.longestMs, held);
      site.lengths.push(held);
      sites.set(id, site);
    }
  };
  add(Array.isArray(report.blocks) ? report.blocks : [], 'main');
  for (const loop of Array.isArray(report.loops) ? report.loops : []) {
    if (loop.kind === 'cluster-worker' || loop.kind === 'worker-thread') add(Array.isArray(loop.blocks) ? loop.blocks : [], loop.kind);
  }
  return [...sites.values()].map(({ lengths, ...s }) => ({ ...s, heldMs: round(s.heldMs), longestMs: round(s.longestMs), typicalMs: round(median(lengths)) }))
    .sort((a, b) => b.heldMs - a.heldMs);
}

/** A block's time on a CPU: its run time where the system tells, else its length. @param {SiteBlock} block */
export function onCpuMs(block) {
  return typeof block.runMs === 'number' && Number.isFinite(block.runMs) ? Math.min(block.runMs, block.durationMs) : block.durationMs;
}

/**
 * Whether a report's blocks name their culprits with owners (reports of versions before the
 * owners were added do not: their sites cannot be told apart the same way). A block of this version
 * that no sample fell in (a busy machine's) has no culprit, but its `owners` list says the version.
 * @param {any} report
 */
export function namesOwners(report) {
  const blocks = Array.isArray(report.blocks) ? report.blocks : [];
  return blocks.length === 0 || blocks.some((/** @type {SiteBlock & {owners?: unknown}} */ b) => (b.culprit && b.culprit.owner) || Array.isArray(b.owners));
}

/**
 * @param {string} loop @param {Owner} owner @param {string} functionName @param {string | null} caller
 */
function siteKey(loop, owner, functionName, caller) {
  return [loop, owner.kind, owner.name, functionName, caller ?? ''].join('\0');
}

/**
 * How well two files of the same site key match: the number of trailing path segments they share
 * (0: not the same file). Runs measured in different folders (a CI checkout, another worktree)
 * keep the app's own part of the path.
 * @param {string} a @param {string} b
 */
export function fileMatch(a, b) {
  if (a === b) return Number.MAX_SAFE_INTEGER;
  const x = a.split(/[\\/]/).filter(Boolean);
  const y = b.split(/[\\/]/).filter(Boolean);
  let n = 0;
  while (n < x.length && n < y.length && x[x.length - 1 - n] === y[y.length - 1 - n]) n++;
  return n;
}

/**
 * Where a site is, for people: "app.js:5" relative to the folder the tool runs in.
 * @param {BlockingSite} site @param {string} cwd
 */
export function siteWhere(site, cwd) {
  const at = site.calledFrom ?? { url: site.file, line: 0 };
  if (!at.url) return '(native)';
  const rel = path.isAbsolute(at.url) ? path.relative(cwd, at.url) : at.url;
  const shown = rel && !rel.startsWith('..') ? rel : at.url;
  return at.line ? `${shown}:${at.line}` : shown;
}

/** @param {number} v */
const round = (v) => Math.round(v * 100) / 100;
