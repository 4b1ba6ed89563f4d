// The terminal's view of `run --baseline`: compare's table with the baseline as A and this run as
// B, and the settings that differ. Returns a string ('' without a baseline).

import { renderSavedDiff } from './saved-table.js';
import { asSavedDiff } from '../analyze/baseline.js';

/** @param {any} report @param {import('chalk').ChalkInstance} c */
export function renderBaselineTable(report, c) {
  const b = /** @type {import('../analyze/baseline.js').BaselineResult | undefined} */ (report.baseline);
  if (!b) return '';
  const warnings = b.settingsDiffer.map((line) => c.yellow(`warning: settings differ from the baseline: ${line}`));
  return renderSavedDiff(asSavedDiff(b), c, { title: 'against the baseline' }) + warnings.map((w) => `${w}\n`).join('');
}
