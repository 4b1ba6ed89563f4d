// Numbers in the baseline gate's sentences ("120 ms, 6 blocks", "48.2 ms", "62%"): the words a
// reviewer reads in the terminal, summary.md, junit.xml and the Action's output. Pure.

/** @param {number} v ms */
export function ms(v) {
  if (v >= 1000) return `${(v / 1000).toFixed(2)} s`;
  if (v >= 10) return `${Math.round(v)} ms`;
  return `${v.toFixed(1)} ms`;
}

/** A metric's value in its unit. @param {number | null} v @param {string} unit */
export function valueText(v, unit) {
  if (v === null) return '-';
  if (unit === 'ms') return ms(v);
  if (unit === 'fraction') return `${Math.round(v * 1000) / 10}%`;
  if (unit === '%') return `${v.toFixed(1)}%`;
  if (unit === 'MB') return `${v.toFixed(1)} MB`;
  return Number.isInteger(v) || Math.abs(v) >= 100 ? String(Math.round(v)) : v.toFixed(1);
}

/** "6 blocks", "1 block", "2.5 blocks" (a median). @param {number} n @param {string} what */
export function plural(n, what) {
  return `${Number.isInteger(n) ? n : n.toFixed(1)} ${what}${n === 1 ? '' : 's'}`;
}

/** "+30%", "-12.5%". @param {number | null} pct */
export function signedPct(pct) {
  return pct === null ? '' : `${pct > 0 ? '+' : ''}${pct}%`;
}
