// Trend data for github-action-benchmark: its `customSmallerIsBetter` tool reads benchmark.json
// (lag, blocked time, latency), its `customBiggerIsBetter` tool benchmark-bigger.json (req/s):
// arrays of {name, unit, value, extra}. A metric the run did not measure is left out. Returns strings.

import { metricValue } from '../analyze/saved-diff.js';
import { runLine } from './run-line.js';

/** @type {{key: string, name: string, unit: string, scale?: number}[]} */
const SMALLER = [
  { key: 'lag.p99Ms', name: 'event loop lag p99', unit: 'ms' },
  { key: 'lag.maxMs', name: 'event loop lag max', unit: 'ms' },
  { key: 'blocking.fraction', name: 'time blocked', unit: '%', scale: 100 },
  { key: 'blocking.longestMs', name: 'longest block', unit: 'ms' },
  { key: 'http.probe.p99Ms', name: 'probe latency p99', unit: 'ms' },
  { key: 'http.load.p99Ms', name: 'load latency p99', unit: 'ms' },
];
/** @type {{key: string, name: string, unit: string, scale?: number}[]} */
const BIGGER = [
  { key: 'http.load.rps', name: 'load throughput', unit: 'req/s' },
];

/** @param {any} report @param {typeof SMALLER} list */
function entries(report, list) {
  const extra = runLine(report).replace(/ · pid \d+/, ''); // the pid changes every run
  return list.flatMap((m) => {
    const v = metricValue(report, m.key);
    return v === null ? [] : [{ name: m.name, unit: m.unit, value: Math.round(v * (m.scale ?? 1) * 1000) / 1000, extra }];
  });
}

/** @param {any} report @returns {{smaller: string, bigger: string}} benchmark.json and benchmark-bigger.json */
export function renderBenchmark(report) {
  return {
    smaller: JSON.stringify(entries(report, SMALLER), null, 2) + '\n',
    bigger: JSON.stringify(entries(report, BIGGER), null, 2) + '\n',
  };
}
