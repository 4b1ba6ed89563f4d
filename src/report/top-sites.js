// The call sites that blocked the loop longest: report.topSites (weighed by time in the analysis)
// when the run recorded it, otherwise the frames the blocks are blamed on (blamedFrame). Pure.

import { displayUrl } from '../analyze/frame-kind.js';
import { blamedFrame } from '../analyze/attribution.js';

/** @typedef {import('../../types/report.js').Report} Report */

/** @typedef {{functionName: string, url: string, line: number | null, blockedMs: number, count: number}} Site */

/** @param {Report} report @param {number} [limit] @returns {Site[]} */
export function topSites(report, limit = 10) {
  if (Array.isArray(report.topSites) && report.topSites.length) {
    return report.topSites.slice(0, limit).map((s) => ({
      functionName: s.functionName || '(anonymous)', url: displayUrl(s.url), line: s.line ?? null,
      blockedMs: Number(s.blockedMs) || 0, count: Number(s.count) || 0,
    }));
  }
  /** @type {Map<string, Site>} */
  const sites = new Map();
  for (const b of Array.isArray(report.blocks) ? report.blocks : []) {
    const frame = blamedFrame(b);
    if (!frame) continue;
    const key = `${frame.functionName}\u0000${frame.url}\u0000${frame.line}`;
    const site = sites.get(key) ?? { functionName: frame.functionName || '(anonymous)', url: displayUrl(frame.url), line: frame.line ?? null, blockedMs: 0, count: 0 };
    site.blockedMs += Number(b.durationMs) || 0;
    site.count += 1;
    sites.set(key, site);
  }
  return [...sites.values()].sort((a, b) => b.blockedMs - a.blockedMs).slice(0, limit);
}

/** "file.js:12" (or the function's kind when there is no file). @param {{url: string, line: number | null}} s */
export function siteLocation(s) {
  if (!s.url) return '(native)';
  return s.line ? `${s.url}:${s.line}` : s.url;
}
