// Saved runs side by side: a row per metric, the baseline (A) and each other side with its change,
// regressions in red. Returns a string.

import Table from 'cli-table3';
import { unitValue as value } from './format.js';

/** @typedef {import('chalk').ChalkInstance} Chalk */

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
  const legend = diff.sides.map((s, i) => `${letters[i]} = ${s.label} (${s.n} run${s.n === 1 ? '' : 's'})`).join(' · ');
  const lines = [`${c.bold('eventloop-probe compare')} · ${legend}`, table.toString()];
  if (repeated) {
    lines.push(`p: Mann-Whitney U, two-sided; * = beyond the noise (p < ${diff.alpha}); a change of at least ${diff.regressionPct}% inside the noise is marked "within noise"`);
  } else {
    lines.push(`single runs: a change of at least ${diff.regressionPct}% is marked, but cannot be told from noise; repeat runs (folders of runs) for a test`);
  }
  const n = diff.regressions.length;
  lines.push(n ? c.red.bold(`${n} regression(s): ${diff.regressions.map((r) => `${r.metric} ${r.pct === null ? '' : `${r.pct > 0 ? '+' : ''}${r.pct}% `}(${r.side})`).join(', ')}`) : 'no regression');
  return lines.join('\n') + '\n';
}
