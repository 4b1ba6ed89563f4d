// Which settings of two runs differ (target, Node, load, probe, thresholds, stacks): a comparison
// of runs measured differently says more about the settings than about the code. Pure.

/** @type {{label: string, get: (r: any) => unknown}[]} */
const SETTINGS = [
  { label: 'app', get: (r) => r.target?.script },
  { label: 'Node', get: (r) => r.target?.nodeVersion },
  { label: 'mode', get: (r) => r.run?.mode },
  ...['routes', 'probe', 'probeIntervalMs', 'connections', 'rate', 'method', 'durationS', 'thresholdMs', 'resolutionMs', 'scenario']
    .map((key) => ({ label: key, get: (/** @type {any} */ r) => r.run?.settings?.[key] })),
  { label: 'stacks', get: (r) => r.stacks?.mode },
  { label: 'CPU profile', get: (r) => (r.stacks ? r.stacks.source === 'profile' : undefined) },
];

/** @param {unknown} v */
const shown = (v) => (v === undefined ? 'unknown' : JSON.stringify(v));

/**
 * One line per setting that differs between a reference run and another, e.g.
 * `durationS: 30 in baseline, 10 in this run`. Settings a report does not record are skipped.
 * @param {any} reference @param {any} other @param {{reference: string, other: string}} names
 * @returns {string[]}
 */
export function settingsDiff(reference, other, names) {
  const lines = [];
  for (const s of SETTINGS) {
    const a = s.get(reference);
    const b = s.get(other);
    if (a === undefined || b === undefined || shown(a) === shown(b)) continue;
    lines.push(`${s.label}: ${shown(a)} in ${names.reference}, ${shown(b)} in ${names.other}`);
  }
  return lines;
}
