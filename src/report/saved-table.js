// Saved runs side by side: what each side was measured with, a row per metric, the baseline (A)
// and each other side with its change, regressions in red, a warning when the settings differ.
// Returns a string.

import Table from 'cli-table3';
import { unitValue as value } from './format.js';

/** @typedef {import('chalk').ChalkInstance} Chalk */
/** @typedef {import('../analyze/saved-settings.js').SavedSettings} SavedSettings */

/** @param {number | null} d @param {string} unit */
function signed(d, unit) {
  if (d === null) return '-';
  const text = value(Math.abs(d), unit);
  return d > 0 ? `+${text}` : d < 0 ? `-${text}` : '0';
}

/** @param {ReturnType<typeof import('../analyze/saved-diff.js').diffSides>} diff @param {Chalk} c */
export function renderSavedDiff(diff, c) {
  const letters = diff.sides.map((_, i) => String.fromCharCode(65 + (i % 26)));
  const repeated = diff.sides.every((s) => s.n >= 2);
  const head = ['metric', `${letters[0]} (baseline)`];
  for (const letter of letters.slice(1)) head.push(letter, `${letter} vs A`, ...(repeated ? ['p'] : []), '');
  const table = new Table({ head, style: { head: [], border: [] } });
  for (const m of diff.metrics) {
    const row = [m.label, value(m.values[0], m.unit)];
    m.deltas.forEach((d, i) => {
      const pct = d.pct === null ? '' : ` (${d.pct > 0 ? '+' : ''}${d.pct.toFixed(1)}%)`;
      const change = `${signed(d.delta, m.unit === 'fraction' ? 'fraction' : m.unit)}${pct}`;
      const mark = d.mark === 'regression' ? c.red.bold('▲ regression') : d.mark === 'improvement' ? c.green('▼ better')
        : d.mark === 'within noise' ? c.dim('within noise') : d.mark === 'changed' ? 'changed' : '';
      row.push(value(m.values[i + 1], m.unit), d.mark === 'regression' ? c.red(change) : change);
      if (repeated) row.push(d.p === null ? '-' : `${d.p.toFixed(3)}${d.beyondNoise ? ' *' : ''}`);
      row.push(mark);
    });
    table.push(row);
  }
  const legend = diff.sides.map((s, i) => `  ${letters[i]} = ${s.label} (${s.n} run${s.n === 1 ? '' : 's'}): ${settingsLine(s.settings) || 'settings not recorded'}`);
  const lines = [c.bold('eventloop-probe compare: saved runs'), ...legend, table.toString()];
  for (const w of diff.warnings) lines.push(c.yellow(`warning: ${w}`));
  if (repeated) {
    lines.push(`p: Mann-Whitney U, two-sided; * = beyond the noise (p < ${diff.alpha}); a change of at least ${diff.regressionPct}% inside the noise is marked "within noise"`);
  } else {
    lines.push(`single runs: blocks are judged; a change of at least ${diff.regressionPct}% in latency, throughput, CPU, GC or memory is marked "changed" and not judged (it cannot be told from noise); repeat runs (folders of runs) for a test`);
  }
  const n = diff.regressions.length;
  lines.push(n ? c.red.bold(`${n} regression(s): ${diff.regressions.map((r) => `${r.metric} ${r.pct === null ? '' : `${r.pct > 0 ? '+' : ''}${r.pct}% `}(${r.side})`).join(', ')}`) : 'no regression');
  return lines.join('\n') + '\n';
}

/** One line of what a run was measured with. @param {SavedSettings} s */
function settingsLine(s) {
  const parts = [];
  if (s.nodeVersion) parts.push(`node ${s.nodeVersion}`);
  if (s.mode === 'load' && s.routes) parts.push(`${s.connections ?? '?'} connections on ${s.routes.join(', ')}${s.rate ? ` at ${s.rate} req/s` : ''}`);
  else if (s.mode) parts.push(s.mode === 'observe' ? 'no load' : 'script');
  if ((s.mode === 'load' || s.mode === 'observe') && s.probe) parts.push(s.probe === 'off' ? 'no probe' : `probe ${s.probe}${s.probeIntervalMs ? ` every ${s.probeIntervalMs} ms` : ''}`);
  if (s.durationS !== null) parts.push(`${s.durationS} s`);
  if (s.thresholdMs !== null) parts.push(`threshold ${s.thresholdMs} ms`);
  if (s.profile !== null) parts.push(s.profile ? `profile${s.profileIntervalUs ? ` ${s.profileIntervalUs} µs` : ''}` : 'no profile');
  return parts.join(', ');
}
