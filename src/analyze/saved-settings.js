// What each saved run was measured with, read from its own report.json (run.settings,
// target.nodeVersion, the profile and stacks it recorded), and the settings that differ between
// the sides of a comparison: a change in the figures may come from them rather than the code.
// Reports of older versions lack some fields; those read as unknown (null), never as a difference.
// Pure.

/** @typedef {import('../../types/report.js').Report} Report */

/**
 * @typedef {object} SavedSettings
 * @property {string | null} nodeVersion
 * @property {string | null} mode load, observe or script
 * @property {string[] | null} routes
 * @property {string | null} probe the probed route, 'off' without a probe
 * @property {number | null} probeIntervalMs
 * @property {number | null} connections
 * @property {number | null} rate fixed request rate, 0 for none
 * @property {number | null} durationS
 * @property {number | null} warmupS
 * @property {number | null} thresholdMs
 * @property {boolean | null} profile whether a CPU profile was recorded
 * @property {number | null} profileIntervalUs
 * @property {string | null} stacks how blocks were attributed
 */

/** Settings whose difference makes figures incomparable, with how to name and show them. */
/** @type {[keyof SavedSettings, string, (v: unknown) => string][]} */
const COMPARED = [
  ['profile', 'CPU profile', (v) => (v ? 'on' : 'off')],
  ['profileIntervalUs', 'profile interval', (v) => `${v} µs`],
  ['stacks', 'stacks', String],
  ['thresholdMs', 'threshold', (v) => `${v} ms`],
  ['mode', 'mode', String],
  ['routes', 'routes', (v) => /** @type {string[]} */ (v).join(' ')],
  ['probe', 'probe', String],
  ['probeIntervalMs', 'probe interval', (v) => `${v} ms`],
  ['connections', 'connections', String],
  ['rate', 'rate', (v) => (v === 0 ? 'unlimited' : `${v} req/s`)],
  ['durationS', 'duration', (v) => `${v} s`],
  ['warmupS', 'warm-up', (v) => `${v} s`],
  ['nodeVersion', 'Node', String],
];

/** @param {unknown} v */
const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** @param {unknown} v */
const str = (v) => (typeof v === 'string' ? v : null);

/** @param {Partial<Report>} report @returns {SavedSettings} */
export function savedSettings(report) {
  const s = /** @type {Partial<import('../../types/report.js').RunSettings>} */ (report.run?.settings ?? {});
  const recordedProfile = typeof s.profile === 'boolean' ? s.profile : null;
  // before run.settings had `profile`, the report's profile (or its stacks' source) tells
  const profile = recordedProfile ?? (report.profile !== undefined ? report.profile !== null : report.stacks ? report.stacks.source === 'profile' : null);
  return {
    nodeVersion: str(report.target?.nodeVersion),
    mode: str(report.run?.mode),
    routes: Array.isArray(s.routes) ? s.routes.map(String) : null,
    probe: s.probe === null ? 'off' : str(s.probe),
    probeIntervalMs: num(s.probeIntervalMs),
    connections: num(s.connections),
    rate: s.rate === null ? 0 : num(s.rate),
    durationS: num(s.durationS),
    warmupS: num(s.warmupS),
    thresholdMs: num(report.run?.thresholdMs) ?? num(s.thresholdMs),
    profile,
    profileIntervalUs: profile === false ? null : num(s.profileIntervalUs) ?? num(report.profile?.intervalUs),
    stacks: str(s.stacks) ?? str(report.stacks?.mode),
  };
}

/**
 * @typedef {{key: keyof SavedSettings, label: string, values: string[][]}} SettingDifference
 *   values: per side, the distinct values its runs used
 */

/**
 * The settings that are not the same across all runs of all sides (unknown values aside).
 * @param {{label: string, runs: {report: Partial<Report>}[]}[]} sides
 * @returns {{differences: SettingDifference[], warning: string | null}}
 */
export function settingsDifferences(sides) {
  const perSide = sides.map((side) => side.runs.map((r) => savedSettings(r.report)));
  /** @type {SettingDifference[]} */
  const differences = [];
  for (const [key, label, show] of COMPARED) {
    const values = perSide.map((runs) => [...new Set(runs.flatMap((s) => (s[key] === null ? [] : [show(s[key])])))]);
    const known = values.filter((v) => v.length > 0);
    if (new Set(known.flat()).size > 1) differences.push({ key, label, values });
  }
  if (!differences.length) return { differences, warning: null };
  const letters = sides.map((_, i) => String.fromCharCode(65 + (i % 26)));
  const parts = differences.map((d) => `${d.label} (${d.values.map((v, i) => `${letters[i]} ${v.length ? v.join('/') : '?'}`).join(', ')})`);
  return { differences, warning: `the runs were measured with different settings: ${parts.join('; ')}; a change may come from them, not from the code` };
}
