// Budgets (--fail-on): "lag.p99>50ms,blocks.count>0" parsed into checks on numeric fields of
// report.json, and evaluated against a report. An expression names the breach: `lag.p99>50ms`
// fails when lag.p99Ms is above 50. An any-loop budget (`loops.lag.p99>50ms`, `workers.<field>`,
// `threads.<field>`) fails when any loop of that kind breaches it, and names that loop. Pure.

import { UsageError } from '../errors.js';

/**
 * @typedef {'>' | '>=' | '<' | '<='} Op
 * @typedef {'ms' | 'fraction' | 'percent' | 'number'} Kind
 * @typedef {{expr: string, path: string, op: Op, limit: number, kind: Kind}} Budget
 * @typedef {{expr: string, path: string, op: Op, limit: number, actual: number | null, ok: boolean,
 *   loop?: string, route?: string}} BudgetResult loop: with an any-loop budget, the id of the loop the actual value
 *   is from (report.loops[].id); route: with a route budget, the route it is from
 */

const HTTP_FIELDS = ['requests', 'rps', 'errors', 'non2xx', 'timeouts', 'p50Ms', 'p90Ms', 'p99Ms', 'maxMs', 'meanMs'];
const LAG_FIELDS = ['minMs', 'meanMs', 'p50Ms', 'p90Ms', 'p99Ms', 'maxMs', 'samples'];

/** Numeric fields of report.json schemaVersion 1 that a budget may name. */
export const NUMERIC_PATHS = [
  ...LAG_FIELDS.map((f) => `lag.${f}`), 'lag.resolutionMs',
  'elu.mean', 'elu.max', 'cpu.percent', 'cpu.userMs', 'cpu.systemMs', 'memory.rssMaxMb', 'memory.heapUsedMaxMb',
  'gc.count', 'gc.totalMs', 'gc.maxMs', 'blocking.count', 'blocking.totalMs', 'blocking.longestMs', 'blocking.fraction',
  ...HTTP_FIELDS.map((f) => `http.probe.${f}`), ...HTTP_FIELDS.map((f) => `http.load.${f}`),
  'run.durationMs', 'run.thresholdMs', 'target.exitCode', 'target.listenAfterMs',
  'loop.turns', 'loop.turnsPerSec', 'loop.ioEventsPerTurn',
];
const KNOWN = new Set(NUMERIC_PATHS);
/** Arrays whose items a budget may address by index: `blocks.0.durationMs`, `threads.0.lag.p99Ms`. */
const INDEXED = new RegExp('^(?:(?:blocks|topSites)\\.\\d+\\.(?:startMs|durationMs|blockedMs|count)'
  + '|threads\\.\\d+\\.(?:lag\\.(?:p50Ms|p99Ms|maxMs|samples)|elu\\.mean|blocking\\.(?:count|totalMs|longestMs|fraction)|lifeMs))$');

/** Any-loop budgets: `<scope>.<field>`, the worst value over the loops of that scope. */
const LOOP_SCOPES = { loops: null, workers: 'cluster-worker', threads: 'worker-thread' };
/** Fields of report.loops[] an any-loop budget may name. */
export const LOOP_FIELDS = ['lag.p50Ms', 'lag.p99Ms', 'lag.maxMs', 'elu.mean', 'gc.count', 'gc.totalMs', 'gc.maxMs',
  'blocking.count', 'blocking.totalMs', 'blocking.longestMs', 'blocking.fraction'];
const ANY_LOOP = new RegExp(`^(?:${Object.keys(LOOP_SCOPES).join('|')})\\.(?:${LOOP_FIELDS.join('|').replace(/\./g, '\\.')})$`);

/** Short names people type, mapped to the field (a trailing Ms is also added when missing). */
const ALIASES = {
  'blocks.count': 'blocking.count', 'blocks.total': 'blocking.totalMs', 'blocks.longest': 'blocking.longestMs',
  'blocks.max': 'blocking.longestMs', 'blocks.fraction': 'blocking.fraction', 'blocked': 'blocking.fraction',
  'cpu': 'cpu.percent', 'elu': 'elu.mean', 'rss': 'memory.rssMaxMb', 'heap': 'memory.heapUsedMaxMb',
  'gc.total': 'gc.totalMs', 'gc.max': 'gc.maxMs',
};
const FRACTIONS = new Set(['elu.mean', 'elu.max', 'blocking.fraction']);
/** @param {string} path */
const isFraction = (path) => FRACTIONS.has(path) || /^(?:threads\.\d+|loops|workers|threads)\.(elu\.mean|blocking\.fraction)$/.test(path);

const EXPR = /^([A-Za-z][\w.]*|routes\[(?:"[^"]+"|'[^']+')\]\.[\w.]+)\s*(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)\s*(ms|s|%)?$/;
/** Per-route budgets: `routes["GET /export"].p99`, or `routes.p99` for the worst route. */
const ROUTE_FIELDS = ['requests', 'errors', 'p50Ms', 'p90Ms', 'p99Ms', 'maxMs', 'blocks', 'blockedMs'];
const ROUTE_PATH = new RegExp(`^routes(?:\\[("[^"]+"|'[^']+')\\])?\\.(${ROUTE_FIELDS.join('|')})$`);
const EXAMPLE = 'e.g. --fail-on "lag.p99>50ms,blocks.count>0,http.probe.p99>200ms,elu.max>0.9"';

/**
 * @param {string} text comma-separated expressions
 * @returns {Budget[]}
 * @throws {UsageError} on the first malformed expression
 */
export function parseBudgets(text) {
  const parts = String(text).split(',').map((s) => s.trim()).filter(Boolean);
  if (parts.length === 0) throw new UsageError("no budget given", EXAMPLE);
  return parts.map(parseBudget);
}

/** @param {string} expr @returns {Budget} */
export function parseBudget(expr) {
  const m = EXPR.exec(expr);
  if (!m) throw new UsageError(`cannot read "${expr}": expected <field><op><number>[ms|s|%] with op one of > >= < <=`, EXAMPLE);
  const path = resolvePath(m[1]);
  if (!path) throw new UsageError(`"${m[1]}" is not a numeric field of report.json`, 'try lag.p99, blocks.count, blocks.longest, http.probe.p99, http.load.rps, elu.max, cpu, gc.max, rss, loops.lag.p99, workers.blocks.count, routes["GET /export"].p99, routes.blocked');
  const kind = kindOf(path);
  const limit = convert(Number(m[3]), /** @type {'ms' | 's' | '%' | undefined} */ (m[4]), kind);
  if (limit === null) throw new UsageError(`"${expr}": unit ${m[4]} does not fit ${path} (${describeKind(kind)})`, EXAMPLE);
  return { expr, path, op: /** @type {Op} */ (m[2]), limit, kind };
}

/** @param {string} name @returns {string | null} */
function resolvePath(name) {
  const route = /^routes(\[(?:"[^"]+"|'[^']+')\])?\.(.+)$/.exec(name);
  if (route) {
    const field = route[2] === 'blocks.count' ? 'blocks' : route[2] === 'blocked' ? 'blockedMs' : route[2];
    const prefix = route[1] ? `routes[${JSON.stringify(route[1].slice(2, -2))}]` : 'routes';
    for (const candidate of [`${prefix}.${field}`, `${prefix}.${field}Ms`]) if (ROUTE_PATH.test(candidate)) return candidate;
    return null;
  }
  const scope = /^(loops|workers|threads)\.(?!\d)(.+)$/.exec(name);
  if (scope) {
    const field = /** @type {Record<string, string>} */ (ALIASES)[scope[2]] ?? scope[2];
    for (const candidate of [`${scope[1]}.${field}`, `${scope[1]}.${field}Ms`]) if (ANY_LOOP.test(candidate)) return candidate;
    return null;
  }
  const aliased = /** @type {Record<string, string>} */ (ALIASES)[name] ?? name;
  const withHttp = /^(probe|load)\./.test(aliased) ? `http.${aliased}` : aliased;
  for (const candidate of [withHttp, `${withHttp}Ms`]) {
    if (KNOWN.has(candidate) || INDEXED.test(candidate)) return candidate;
  }
  return null;
}

/** @param {string} path @returns {Kind} */
function kindOf(path) {
  if (isFraction(path)) return 'fraction';
  if (path.endsWith('Ms')) return 'ms';
  if (path.endsWith('percent')) return 'percent';
  return 'number';
}

/** @param {Kind} kind */
function describeKind(kind) {
  return { ms: 'milliseconds: ms or s', fraction: 'a fraction 0..1 or %', percent: 'a percentage', number: 'a plain number' }[kind];
}

/**
 * A limit in the field's own unit, or null when the unit does not fit the field.
 * @param {number} n @param {'ms' | 's' | '%' | undefined} unit @param {Kind} kind
 */
function convert(n, unit, kind) {
  if (!unit) return n;
  if (kind === 'ms') return unit === 'ms' ? n : unit === 's' ? n * 1000 : null;
  if (kind === 'fraction') return unit === '%' ? n / 100 : null;
  if (kind === 'percent') return unit === '%' ? n : null;
  return null;
}

/** @param {unknown} report @param {string} path @returns {number | null} */
export function valueAt(report, path) {
  let v = /** @type {any} */ (report);
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return null;
    v = v[key];
  }
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** @param {number} a @param {Op} op @param {number} b */
function holds(a, op, b) {
  return op === '>' ? a > b : op === '>=' ? a >= b : op === '<' ? a < b : a <= b;
}

/**
 * A budget whose field has no value (no probe with `--no-probe`, no such block) fails: a gate
 * that cannot be checked must not pass silently.
 * @param {unknown} report @param {Budget[]} budgets @returns {BudgetResult[]}
 */
export function evaluateBudgets(report, budgets) {
  return budgets.map((b) => {
    if (ROUTE_PATH.test(b.path)) {
      const r = routeValue(report, b);
      return { expr: b.expr, path: b.path, op: b.op, limit: b.limit, actual: r?.value ?? null, ok: r !== null && !holds(r.value, b.op, b.limit), ...(r ? { route: r.route } : {}) };
    }
    const worst = ANY_LOOP.test(b.path) ? worstLoop(report, b) : null;
    const actual = worst ? worst.value : ANY_LOOP.test(b.path) ? null : valueAt(report, b.path);
    return {
      expr: b.expr, path: b.path, op: b.op, limit: b.limit, actual, ok: actual !== null && !holds(actual, b.op, b.limit),
      ...(worst ? { loop: worst.loop } : {}),
    };
  });
}

/**
 * The loop of an any-loop budget's scope whose value is worst for the budget (the highest for > and
 * >=, the lowest for < and <=), or null when no loop of that scope has a value.
 * @param {unknown} report @param {Budget} b @returns {{value: number, loop: string} | null}
 */
function worstLoop(report, b) {
  const [scope, ...rest] = b.path.split('.');
  const kind = /** @type {Record<string, string | null>} */ (LOOP_SCOPES)[scope];
  const field = rest.join('.');
  /** @type {{value: number, loop: string} | null} */
  let worst = null;
  for (const loop of loopsOf(report)) {
    if (kind && loop.kind !== kind) continue;
    const value = valueAt(loop, field);
    if (value === null) continue;
    const worse = b.op === '>' || b.op === '>=' ? !worst || value > worst.value : !worst || value < worst.value;
    if (worse) worst = { value, loop: loop.id };
  }
  return worst;
}

/**
 * A route budget's value: the named route's (`routes["GET /export"].p99Ms`), or the worst route's
 * for the budget (`routes.p99Ms`); null when the run saw no such route.
 * @param {unknown} report @param {Budget} b @returns {{value: number, route: string} | null}
 */
function routeValue(report, b) {
  const m = /** @type {RegExpExecArray} */ (ROUTE_PATH.exec(b.path));
  const rows = /** @type {any[]} */ (Array.isArray(/** @type {any} */ (report)?.routes) ? /** @type {any} */ (report).routes : []);
  const named = m[1] ? JSON.parse(m[1]) : null;
  /** @type {{value: number, route: string} | null} */
  let worst = null;
  for (const row of rows) {
    if (named !== null && row.route !== named) continue;
    const value = row[m[2]];
    if (typeof value !== 'number') continue;
    const worse = b.op === '>' || b.op === '>=' ? !worst || value > worst.value : !worst || value < worst.value;
    if (worse) worst = { value, route: row.route };
  }
  return worst;
}

/**
 * report.loops, or for a report written before it (re-judged with `report --fail-on`) the same
 * shapes made from its main-thread fields and its `workers` and `threads` rows.
 * @param {unknown} report @returns {{id: string, kind: string}[]}
 */
function loopsOf(report) {
  const r = /** @type {any} */ (report);
  if (Array.isArray(r?.loops)) return r.loops;
  return [
    { id: 'main', kind: 'main', lag: r?.lag, elu: r?.elu, gc: r?.gc, blocking: r?.blocking },
    ...(Array.isArray(r?.workers) ? r.workers : []).map((/** @type {any} */ w) => ({
      id: `worker:${w.pid}`, kind: 'cluster-worker', lag: w.lag, elu: { mean: w.elu }, blocking: w.blocking,
    })),
    ...(Array.isArray(r?.threads) ? r.threads : []).map((/** @type {any} */ t) => ({
      id: `thread:${t.threadId}`, kind: 'worker-thread', lag: t.lag, elu: t.elu, blocking: t.blocking,
    })),
  ];
}

/** @template {{ok: boolean}} T @param {T[] | undefined} results @returns {T[]} */
export function breached(results) {
  return (results ?? []).filter((r) => !r.ok);
}

/**
 * A value of a budget's field in the field's unit: "1842 ms", "95%", "3".
 * @param {string} path @param {number | null} v
 */
export function formatValue(path, v) {
  if (v === null) return 'no value';
  const kind = kindOf(path);
  return kind === 'ms' ? `${Math.abs(v) >= 100 ? Math.round(v) : round(v)} ms` : kind === 'fraction' ? `${round(v * 100)}%` : kind === 'percent' ? `${round(v)}%` : `${round(v)}`;
}

/**
 * A result's actual value in the field's unit, and the loop it is from (an any-loop budget):
 * "455 ms in worker:4242".
 * @param {BudgetResult} r
 */
export function actualText(r) {
  return `${formatValue(r.path, r.actual)}${r.loop && r.actual !== null ? ` in ${r.loop}` : ''}${r.route && r.actual !== null && !r.path.startsWith('routes[') ? ` in ${r.route}` : ''}`;
}

/**
 * One line for a result: "lag.p99>50ms: lag.p99Ms is 1842 ms (fails when > 50 ms): failed".
 * @param {BudgetResult} r
 */
export function describeResult(r) {
  if (r.actual === null && ANY_LOOP.test(r.path)) {
    const [scope, ...field] = r.path.split('.');
    const what = /** @type {Record<string, string>} */ ({ loops: 'loop', workers: 'cluster worker', threads: 'worker thread' })[scope];
    return `${r.expr}: no ${what} of this run has a value for ${field.join('.')}: failed`;
  }
  if (r.actual === null && ROUTE_PATH.test(r.path)) return `${r.expr}: this run saw no request of ${r.path.startsWith('routes[') ? r.path.slice(7, r.path.indexOf(']')) : 'any route'}: failed`;
  if (r.actual === null) return `${r.expr}: ${r.path} has no value in this run: failed`;
  return `${r.expr}: ${r.path} is ${actualText(r)} (fails when ${r.op} ${formatValue(r.path, r.limit)}): ${r.ok ? 'ok' : 'failed'}`;
}

/** @param {number} v */
function round(v) {
  return Math.round(v * 100) / 100;
}
