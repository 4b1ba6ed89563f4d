// Number formatting shared by the renderers, and the label of a block's culprit.

import { blamedFrame } from '../analyze/attribution.js';

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
 * A block's culprit as the analysis labelled it ("bcryptjs@2.4.3 bcrypt.hashSync ← app.js:19");
 * for a report saved before culprits had labels, its blamed frame and place.
 * @param {{culprit?: {functionName: string, url: string, line: number, label?: string} | null, stack?: any[]}} block
 * @param {(f: {functionName: string, url: string, line: number}) => string} place "app.js:19"
 */
export function culpritText(block, place) {
  if (block.culprit?.label) return block.culprit.label;
  const f = blamedFrame(block);
  return f ? `${f.functionName || '(anonymous)'} ${place(f)}` : '-';
}
