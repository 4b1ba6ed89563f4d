// junit.xml: one test case per budget, its failure carrying the numbers, so CI systems list the
// budgets as tests. Without budgets, one test case for the verdict, failing when the loop was
// blocked; when the app ran more than one event loop (report.loops), one test case per loop instead,
// failing when that loop was blocked. With --baseline, also a test case per regressed blocking
// call site (its sentence the failure's message) and one per compared metric, failing on a
// regression.
// Returns a string.

import { describeResult, formatValue, actualText } from '../analyze/budgets.js';
import { runLine } from './run-line.js';
import { multiLoops, loopName } from './loop-rows.js';
import { siteName } from '../analyze/site-diff.js';

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
  /** @type {JunitCase[]} */
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
  return junitXml(suite, cases, {
    time: seconds, timestamp: report.run?.startedAt ?? '',
    properties: { run: runLine(report), verdict: String(report.verdict?.status ?? 'none') },
  });
}

/**
 * @typedef {{name: string, kind: string, failure: {message: string, body: string} | null, out: string}} JunitCase
 */

/**
 * One suite of test cases as junit.xml.
 * @param {string} suite @param {JunitCase[]} cases
 * @param {{time?: string, timestamp?: string, properties?: Record<string, string>}} [o]
 */
export function junitXml(suite, cases, o = {}) {
  const failures = cases.filter((c) => c.failure).length;
  const time = o.time === undefined ? '' : ` time="${o.time}"`;
  const stamp = o.timestamp === undefined ? '' : ` timestamp="${xml(o.timestamp)}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="eventloop-probe" tests="${cases.length}" failures="${failures}" errors="0"${time}>`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0"${time}${stamp}>`,
  ];
  const properties = Object.entries(o.properties ?? {});
  if (properties.length) lines.push('    <properties>', ...properties.map(([k, v]) => `      <property name="${xml(k)}" value="${xml(v)}"/>`), '    </properties>');
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
 * With a baseline: a test case per regressed blocking call site, failing with its sentence; one
 * for the call sites that passes when none regressed; and one per metric, failing on a regression
 * (the metrics the gate does not judge never fail).
 * @param {import('../analyze/baseline.js').BaselineResult | undefined} b
 */
export function baselineCases(b) {
  if (!b) return [];
  const differ = b.settingsDiffer.map((s) => `settings differ: ${s}`);
  const regressed = b.sites.filter((s) => s.regression);
  const sites = regressed.length
    ? regressed.map((s) => ({
      name: `baseline: ${s.status} blocking ${siteName(s)}`, kind: 'baseline', out: s.text,
      failure: { message: s.text, body: [`culprit: ${s.label}`, `baseline: ${b.source} (${b.runs} run(s)), this side: ${b.candidateRuns} run(s)`, ...differ].join('\n') },
    }))
    : [{ name: 'baseline: blocking call sites', kind: 'baseline', failure: null, out: b.sitesNote ?? `no blocking call site new or grown against ${b.source}` }];
  const metrics = b.metrics.map((m) => {
    const change = m.pct === null ? `${m.delta}` : `${m.pct > 0 ? '+' : ''}${m.pct}%`;
    const line = `${m.label}: ${m.baseline} in the baseline, ${m.value} in this run (${change})${m.mark ? `: ${m.mark}` : ''}${m.judged ? '' : ' (shown, not judged)'}`;
    const body = [`field: ${m.key}`, `baseline: ${m.baseline} (${b.source}, ${b.runs} run(s))`, `this run: ${m.value}`, ...differ].join('\n');
    const text = b.regressions.find((r) => r.kind === 'metric' && r.key === m.key)?.text;
    return { name: `baseline: ${m.label}`, kind: 'baseline', out: line, failure: m.mark === 'regression' ? { message: text ?? line, body } : null };
  });
  return [...sites, ...metrics];
}
