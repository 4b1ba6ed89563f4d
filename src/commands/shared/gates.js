// What a finished report says of its gates: the closing message of a run (or a re-rendered report)
// that breached a budget or regressed against its baseline, or null when it passed them.

import { breached, describeResult } from '../../analyze/budgets.js';
import { describeRegressions } from '../../analyze/baseline.js';

/** @param {Pick<import('../../../types/report.js').Report, 'budgets' | 'baseline'>} report */
export function gateMessage(report) {
  const failed = breached(report.budgets).map((b) => describeResult(b));
  const regressions = report.baseline ? describeRegressions(report.baseline) : [];
  const parts = [];
  if (failed.length) parts.push(`${failed.length} budget(s) failed:\n${failed.map((f) => `  ${f}`).join('\n')}`);
  if (regressions.length) parts.push(`${regressions.length} regression(s) against the baseline:\n${regressions.map((f) => `  ${f}`).join('\n')}`);
  return parts.length ? parts.join('\n') : null;
}
