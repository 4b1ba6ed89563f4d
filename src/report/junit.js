// junit.xml: one test case per budget, its failure carrying the numbers, so CI systems list the
// budgets as tests. Without budgets, one test case for the verdict, failing when the loop was
// blocked. Returns a string.

import { describeResult, formatValue } from '../analyze/budgets.js';
import { runLine } from './run-line.js';

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
  /** @type {{name: string, failure: {message: string, body: string} | null, out: string}[]} */
  const cases = budgets.length
    ? budgets.map((b) => ({
      name: b.expr,
      failure: b.ok ? null : { message: describeResult(b), body: `field: ${b.path}\nactual: ${formatValue(b.path, b.actual)}\nfails when: ${b.op} ${formatValue(b.path, b.limit)}` },
      out: describeResult(b),
    }))
    : [{
      name: 'verdict',
      failure: report.verdict?.status === 'blocked'
        ? { message: `event loop blocked: ${(report.verdict.reasons ?? []).join('; ')}`, body: (report.verdict.reasons ?? []).join('\n') }
        : null,
      out: `${report.verdict?.status}: ${(report.verdict?.reasons ?? []).join('; ')}`,
    }];
  const failures = cases.filter((c) => c.failure).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="eventloop-probe" tests="${cases.length}" failures="${failures}" errors="0" time="${seconds}">`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="${seconds}" timestamp="${xml(report.run?.startedAt)}">`,
    '    <properties>',
    `      <property name="run" value="${xml(runLine(report))}"/>`,
    `      <property name="verdict" value="${xml(report.verdict?.status)}"/>`,
    '    </properties>',
  ];
  for (const c of cases) {
    lines.push(`    <testcase classname="eventloop-probe.${budgets.length ? 'budget' : 'verdict'}" name="${xml(c.name)}" time="0">`);
    if (c.failure) lines.push(`      <failure message="${xml(c.failure.message)}" type="${budgets.length ? 'budget' : 'verdict'}">${xml(c.failure.body)}</failure>`);
    lines.push(`      <system-out>${xml(c.out)}</system-out>`, '    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
