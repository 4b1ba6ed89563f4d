// The run's CPU profile as pprof (profile.proto, gzipped: profile.pb.gz), the format of go tool
// pprof, Grafana Pyroscope, Datadog and @platformatic/flame. Frames go through the analysis' frame
// mapper (1-based lines, source-mapped positions); a sample that fell inside a block carries the
// string labels `block` (its index in report.blocks) and `block_start` (e.g. "1209ms" from the
// window start). Strings, not numbers: pprof drops a numeric label of 0, and Pyroscope reads strings.

import zlib from 'node:zlib';
import { Profile, StringTable, Function as PprofFunction, Location, Sample, ValueType, Label } from 'pprof-format';
import { timeProfile, framesOf } from '../analyze/profiles.js';
import { FrameMapper } from '../analyze/frames.js';

/**
 * @param {import('../analyze/profiles.js').CpuProfile} cpuProfile the run's profile.cpuprofile
 * @param {Pick<import('../../types/report.js').Report, 'profile' | 'run' | 'blocks'>} report its
 *   report.json (profile.startEpochMs, profile.intervalUs, run.startedAt, blocks)
 * @returns {Profile}
 */
export function toPprof(cpuProfile, report) {
  const startEpochMs = report.profile?.startEpochMs ?? Date.parse(report.run?.startedAt);
  const intervalUs = report.profile?.intervalUs ?? 1000;
  const timed = timeProfile({ kind: 'continuous', epochOffsetMs: startEpochMs - cpuProfile.startTime / 1000, intervalUs, profile: cpuProfile }, 'profile.cpuprofile');
  const from = Date.parse(report.run?.startedAt);
  const blocks = (Array.isArray(report.blocks) ? report.blocks : [])
    .map((b, index) => ({ index, startMs: Number(b.startMs), start: from + Number(b.startMs), end: from + Number(b.startMs) + Number(b.durationMs) }))
    .filter((b) => Number.isFinite(b.start) && Number.isFinite(b.end))
    .sort((a, b) => a.start - b.start);

  const strings = new StringTable();
  const mapper = new FrameMapper();
  /** @type {Map<string, number>} */ const functionIds = new Map();
  /** @type {Map<string, number>} */ const locationIds = new Map();
  /** @type {PprofFunction[]} */ const functions = [];
  /** @type {Location[]} */ const locations = [];
  /** @type {Map<number, number[]>} */ const stackOfLeaf = new Map();

  /** @param {import('../analyze/profiles.js').CallFrame} cf */
  const locationOf = (cf) => {
    const f = mapper.map(cf);
    const fnKey = `${f.functionName}\0${f.url}\0${f.line}`;
    let functionId = functionIds.get(fnKey);
    if (functionId === undefined) {
      functionId = functions.length + 1;
      functionIds.set(fnKey, functionId);
      functions.push(new PprofFunction({ id: functionId, name: strings.dedup(f.functionName), systemName: strings.dedup(f.functionName), filename: strings.dedup(f.url), startLine: f.line }));
    }
    const locKey = `${fnKey}\0${f.column}`;
    let locationId = locationIds.get(locKey);
    if (locationId === undefined) {
      locationId = locations.length + 1;
      locationIds.set(locKey, locationId);
      locations.push(new Location({ id: locationId, line: [{ functionId, line: f.line, column: f.column }] }));
    }
    return locationId;
  };
  /** @param {number} leaf leaf-first location ids of a sample's node */
  const stackOf = (leaf) => {
    let ids = stackOfLeaf.get(leaf);
    if (!ids) {
      ids = framesOf(timed, leaf).map(locationOf);
      stackOfLeaf.set(leaf, ids);
    }
    return ids;
  };

  // One pprof sample per (stack, block): a count and the CPU time until the next sample.
  /** @type {Map<string, {leaf: number, block: typeof blocks[number] | null, count: number, nanos: number}>} */
  const merged = new Map();
  const { times, leaves } = timed;
  let cursor = 0;
  for (let i = 0; i < leaves.length; i++) {
    const t = times[i];
    const weightMs = i + 1 < times.length ? times[i + 1] - t : intervalUs / 1000;
    while (cursor < blocks.length && blocks[cursor].end <= t) cursor++;
    let block = null;
    for (let j = cursor; j < blocks.length && blocks[j].start <= t; j++) {
      if (t < blocks[j].end) { block = blocks[j]; break; }
    }
    const key = `${leaves[i]}\0${block ? block.index : ''}`;
    const entry = merged.get(key) ?? { leaf: leaves[i], block, count: 0, nanos: 0 };
    entry.count += 1;
    entry.nanos += Math.max(0, Math.round(weightMs * 1e6));
    merged.set(key, entry);
  }
  const blockKey = strings.dedup('block');
  const startKey = strings.dedup('block_start');
  const samples = [...merged.values()].map((s) => new Sample({
    locationId: stackOf(s.leaf),
    value: [s.count, s.nanos],
    label: s.block ? [
      new Label({ key: blockKey, str: strings.dedup(String(s.block.index)) }),
      new Label({ key: startKey, str: strings.dedup(`${Math.round(s.block.startMs)}ms`) }),
    ] : [],
  }));

  const cpu = strings.dedup('cpu');
  const nanoseconds = strings.dedup('nanoseconds');
  return new Profile({
    sampleType: [new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }), new ValueType({ type: cpu, unit: nanoseconds })],
    sample: samples,
    location: locations,
    function: functions,
    stringTable: strings,
    timeNanos: BigInt(Math.round(startEpochMs * 1000)) * 1000n,
    durationNanos: Math.max(0, Math.round((cpuProfile.endTime - cpuProfile.startTime) * 1000)),
    periodType: new ValueType({ type: cpu, unit: nanoseconds }),
    period: intervalUs * 1000,
    defaultSampleType: cpu,
  });
}

/**
 * @param {import('../analyze/profiles.js').CpuProfile} cpuProfile
 * @param {Pick<import('../../types/report.js').Report, 'profile' | 'run' | 'blocks'>} report
 * @returns {Buffer} profile.pb.gz
 */
export function encodePprof(cpuProfile, report) {
  return zlib.gzipSync(toPprof(cpuProfile, report).encode());
}
