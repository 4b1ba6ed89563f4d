// compare.html and the compare junit.xml from a compare.json.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLParser } from 'fast-xml-parser';
import { renderCompareHtml, renderCompareJunit } from '../../src/report/compare-html.js';

const row = (/** @type {string} */ name, /** @type {string} */ verdict, /** @type {number} */ throughput, /** @type {number} */ p99) => ({
  name, verdict, throughput, throughputRatio: throughput / 300000, cpu: { percent: 90 }, lag: { p99Ms: p99 / 2, maxMs: p99 },
  http: { probe: { p50Ms: p99 / 3, p99Ms: p99, maxMs: p99 } }, blocks: { count: verdict === 'blocks' ? 3 : 0, longestMs: p99, fraction: verdict === 'blocks' ? 0.99 : 0 },
  phase: verdict === 'blocks' ? 'poll' : null, advice: `advice <${name}>`, blockAdvice: verdict === 'blocks' ? 'split </script> it' : null, report: `${name}/report.json`,
});
const compare = {
  schemaVersion: 1, kind: 'scenarios', createdAt: '2026-11-23T00:00:00Z', elapsedMs: 25000, best: 'worker-thread',
  settings: { rounds: 200000, timeBudgetS: 3, probe: '/healthcheck', probeIntervalMs: 50, nodeVersion: 'v20.20.2' },
  scenarios: [row('sync', 'blocks', 300000, 2900), row('set-timeout', 'responsive', 700, 8), row('worker-thread', 'responsive', 250000, 12)],
  recommendation: 'use worker-thread',
};

test('compare.html: the table, the recommendation, a chart per metric, links to each run, no script', () => {
  const html = renderCompareHtml(compare);
  assert.match(html, /<p class="rec">use worker-thread<\/p>/);
  for (const name of ['sync', 'set-timeout', 'worker-thread']) assert.ok(html.includes(`href="${name}/report.html"`), name);
  assert.equal((html.match(/<svg /g) ?? []).length, 4);
  assert.equal((html.match(/<rect /g) ?? []).length, 12);
  assert.match(html, /<tr class="best"><td><a href="worker-thread/);
  assert.ok(html.includes('advice &lt;sync&gt;'), 'data is escaped');
  assert.doesNotMatch(html, /<script/);
  assert.match(html, /default-src 'none'/);
});

test('compare junit.xml: a test case per scenario, failing when it blocks, with its numbers', () => {
  const doc = new XMLParser({ ignoreAttributes: false }).parse(renderCompareJunit(compare));
  const suite = doc.testsuites.testsuite;
  assert.equal(suite['@_tests'], '3');
  assert.equal(suite['@_failures'], '1');
  const cases = suite.testcase;
  assert.equal(cases[0]['@_name'], 'sync');
  assert.match(cases[0].failure['@_message'], /sync blocks the event loop: 300,000 rounds\/s, probe p99 2,900 ms/);
  assert.equal(cases[0].failure['#text'], 'split </script> it');
  assert.equal(cases[1].failure, undefined);
});
