// Number formatting shared by the renderers, the label of a block's culprit and the call sites
// shown, as the report holds them.

import { displayUrl } from '../analyze/frame-kind.js';

/** @param {number | null | undefined} v */
export function ms(v) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  if (v >= 1000) return `${(v / 1000).toFixed(2)} s`;
  if (v >= 100) return `${Math.round(v)} ms`;
  if (v >= 10) return `${v.toFixed(1)} ms`;
  return `${v.toFixed(2)} ms`;
}

/** @param {number | null | undefined} v fraction 0..1 */
export function pct(v) {
  return v === null || v === undefined ? '-' : `${(v * 100).toFixed(1)}%`;
}

/** @param {number} n */
export function int(n) {
  return Math.round(n).toLocaleString('en-US');
}

/** A metric's value in its unit: ms, fraction (shown as %), %, MB, or a count. @param {number | null} v @param {string} unit */
export function unitValue(v, unit) {
  if (v === null || v === undefined) return '-';
  if (unit === 'ms') return ms(v);
  if (unit === 'fraction') return pct(v);
  if (unit === '%') return `${v.toFixed(1)}%`;
  if (unit === 'MB') return `${v.toFixed(1)} MB`;
  return Number.isInteger(v) || Math.abs(v) >= 100 ? int(v) : v.toFixed(1);
}

/**
 * A block's culprit as the analysis labelled it ("bcryptjs@2.4.3 bcrypt.hashSync ← app.js:19"), or '-'.
 * @param {{culprit?: {label?: string} | null}} block
 */
export function culpritText(block) {
  return block.culprit?.label ?? '-';
}

/** @typedef {{functionName: string, url: string, line: number | null, blockedMs: number, count: number}} ShownSite */

/**
 * The call sites of the report (or of one loop) that are shown: the first `limit`, each named.
 * @param {import('../../types/report.js').Site[] | undefined} sites @param {number} [limit] @returns {ShownSite[]}
 */
export function shownSites(sites, limit = 10) {
  return (Array.isArray(sites) ? sites : []).slice(0, limit).map((s) => ({
    functionName: s.functionName || '(anonymous)', url: displayUrl(s.url), line: s.line ?? null,
    blockedMs: Number(s.blockedMs) || 0, count: Number(s.count) || 0,
  }));
}

/** "file.js:12" (or the function's kind when there is no file). @param {{url: string, line: number | null}} s */
export function siteLocation(s) {
  if (!s.url) return '(native)';
  return s.line ? `${s.url}:${s.line}` : s.url;
}
