// junit.xml: one test case per budget, its failure carrying the numbers, so CI systems list the
// budgets as tests. Without budgets, one test case for the verdict, failing when the loop was
// blocked; when the app ran more than one event loop (report.loops), one test case per loop instead,
// failing when that loop was blocked. With --baseline, also one test case per compared metric,
// failing on a regression.
// Returns a string.

import { describeResult, formatValue, actualText } from '../analyze/budgets.js';
import { runLine } from './run-line.js';
import { multiLoops, loopName } from './loops.js';

/** @typedef {import('../../types/report.js').Report} Report */

/** Text safe inside XML: escaped, and without the control characters XML 1.0 forbids. @param {unknown} v */
export function xml(v) {
  return String(v ?? '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** @param {Report} report */
export function renderJunit(report) {
  const budgets = Array.isArray(report.budgets) ? report.budgets : [];
  const seconds = ((report.run?.durationMs ?? 0) / 1000).toFixed(3);
  const suite = `eventloop-probe ${report.target?.script ?? ''}`.trim();
  const loops = multiLoops(report);
  /** @type {{name: string, kind: string, failure: {message: string, body: string} | null, out: string}[]} */
  const cases = report.failure?.stage === 'start' ? []
    : budgets.length
    ? budgets.map((b) => ({
      name: b.expr, kind: 'budget',
      failure: b.ok ? null : { message: describeResult(b), body: `field: ${b.path}\nactual: ${actualText(b)}\nfails when: ${b.op} ${formatValue(b.path, b.limit)}` },
      out: describeResult(b),
    }))
    : loops ? loops.map((l) => verdictCase(`loop: ${l.label}`, 'loop', l.verdict, ` in ${loopName(l)}`))
    : report.verdict ? [verdictCase('verdict', 'verdict', report.verdict, '')] : [];
  // the app failed (exit code 3): a failing case of its own, the only one when it failed to start
  if (report.failure) cases.unshift(failureCase(report.failure));
  cases.push(...baselineCases(report.baseline));
  const failures = cases.filter((c) => c.failure).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="eventloop-probe" tests="${cases.length}" failures="${failures}" errors="0" time="${seconds}">`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="${seconds}" timestamp="${xml(report.run?.startedAt)}">`,
    '    <properties>',
    `      <property name="run" value="${xml(runLine(report))}"/>`,
    `      <property name="verdict" value="${xml(report.verdict?.status ?? 'none')}"/>`,
    '    </properties>',
  ];
  for (const c of cases) {
    lines.push(`    <testcase classname="eventloop-probe.${c.kind}" name="${xml(c.name)}" time="0">`);
    if (c.failure) lines.push(`      <failure message="${xml(c.failure.message)}" type="${c.kind}">${xml(c.failure.body)}</failure>`);
    lines.push(`      <system-out>${xml(c.out)}</system-out>`, '    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** @param {import('../analyze/run-failure.js').RunFailure} failure */
function failureCase(failure) {
  const error = failure.error ? `${failure.error.line}${failure.error.frame ? `\n  in ${failure.error.frame}` : ''}` : '';
  return {
    name: failure.stage === 'start' ? 'the app starts' : 'the app runs', kind: 'app',
    failure: { message: failure.message, body: [failure.message, error, failure.log ? `log: ${failure.log}` : ''].filter(Boolean).join('\n') },
    out: failure.message,
  };
}

/**
 * A test case for a verdict, failing when it is blocked.
 * @param {string} name @param {string} kind @param {import('../../types/report.js').Verdict | undefined} verdict
 * @param {string} where "in <loop>" for a loop's verdict
 */
function verdictCase(name, kind, verdict, where) {
  const reasons = verdict?.reasons ?? [];
  return {
    name, kind,
    failure: verdict?.status === 'blocked' ? { message: `event loop blocked${where}: ${reasons.join('; ')}`, body: reasons.join('\n') } : null,
    out: `${verdict?.status}: ${reasons.join('; ')}`,
  };
}

/**
 * A test case per compared metric that has a better direction, failing on a regression.
 * @param {import('../analyze/baseline.js').BaselineResult | undefined} b
 */
function baselineCases(b) {
  if (!b) return [];
  return b.metrics.filter((m) => m.better).map((m) => {
    const change = m.pct === null ? `${m.delta}` : `${m.pct > 0 ? '+' : ''}${m.pct}%`;
    const line = `${m.label}: ${m.baseline} in the baseline, ${m.value} in this run (${change})${m.mark ? `: ${m.mark}` : ''}`;
    const body = [`field: ${m.key}`, `baseline: ${m.baseline} (${b.source}, ${b.runs} run(s))`, `this run: ${m.value}`, ...b.settingsDiffer.map((s) => `settings differ: ${s}`)].join('\n');
    return {
      name: `baseline: ${m.label}`, kind: 'baseline', out: line,
      failure: m.mark === 'regression' ? { message: `${m.label} regressed ${change} against the baseline (threshold ${b.regressionPct}%)`, body } : null,
    };
  });
}
