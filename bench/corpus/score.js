#!/usr/bin/env node
// Scores the tool's diagnosis of each corpus case: right / generic / wrong.
//   node bench/corpus/score.js <folder of saved reports: <id>/report.json> [--only-unseen] [--batch A|B|C|D]
// Writes <folder>/score.json and prints a table.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchOf, loadCases } from './lib.js';

/**
 * @typedef {import('./lib.js').Case} Case
 * @typedef {{ problem: 'loop-block'|'thread-pool'|'none'|'unknown', owner: string|null, line: number|null, fix: string|null, status: string|null }} Diagnosis
 * @typedef {{ id: string, batch: string, seen: boolean, expected: string, got: string, score: 'right'|'generic'|'wrong', note: string }} Scored
 */

/**
 * Whether a block ran a request of `path` (a path the load asks, `/quote`): the route its requests
 * ran most (`GET /quote`, or express's pattern `GET /quote/:id`), else the request a production log's
 * block line names (its label).
 * @param {any} block @param {string} path
 */
export function ranOn(block, path) {
  const route = block.requests?.ran?.[0]?.route ?? (typeof block.requests?.label === 'string' ? block.requests.label.split(' ×')[0] : null);
  return typeof route === 'string' && routeIs(route, path);
}

/** @param {string} route `GET /orders/:id` @param {string} path `/orders/7` */
function routeIs(route, path) {
  const pattern = route.replace(/^[A-Z]+ /, '');
  const parts = pattern.split('/');
  const asked = path.split('?')[0].split('/');
  return parts.length === asked.length && parts.every((p, i) => p === asked[i] || (p.startsWith(':') && asked[i] !== ''));
}

/**
 * A block as one route's requests saw it: where the block ran several routes and says each one's own
 * culprit (`requests.ran[].culprit`), that route's culprit and fix over its time in the block; else
 * the block itself, when the route ran most of it. [] when the route did not run in it.
 * @param {any} block @param {string} path @returns {any[]}
 */
function routeView(block, path) {
  const ran = block.requests?.ran ?? [];
  const entry = ran.find((/** @type {any} */ r) => typeof r.route === 'string' && routeIs(r.route, path));
  if (entry?.culprit) return [{ ...block, durationMs: entry.count * entry.msEach, culprit: entry.culprit, fix: entry.fix }];
  // the block's culprit is another route's own (a capture that began late saw too little of this one's)
  if (entry && ran.some((/** @type {any} */ r) => r !== entry && r.culprit && r.culprit.label === block.culprit?.label)) return [];
  return ranOn(block, path) ? [block] : [];
}

/**
 * The one place that reads the tool's report: what it diagnosed, in the corpus's words; with a
 * route, only from the blocks that ran its requests. Adjust here when the report's fields change.
 * @param {any} report @param {string} [route] @returns {Diagnosis}
 */
export function diagnosis(report, route) {
  const status = report?.verdict?.status ?? null;
  const pool = report?.threadPool;
  if (pool?.saturated === true && !route) {
    const caller = pool.callers?.[0];
    const api = typeof caller?.api === 'string' ? caller.api.replace(/^node:/, '') : null;
    // an addon's own async work (report field `native`): the addon's package, as a native owner
    const owner = caller?.native ? (caller.package ? `native:${caller.package}` : null) : api ? `node:${api.split(/[.#]/)[0]}` : null;
    return { problem: 'thread-pool', owner, line: caller?.line ?? null, fix: pool.fix ?? 'thread-pool', status };
  }
  const blocks = (report?.blocks ?? []).filter((/** @type {any} */ b) => b && b.tool !== true).flatMap((/** @type {any} */ b) => (route ? routeView(b, route) : [b]));
  if (!blocks.length) return { problem: status === 'responsive' ? 'none' : 'unknown', owner: null, line: null, fix: null, status };
  const longest = blocks.reduce((/** @type {any} */ a, /** @type {any} */ b) => ((b.durationMs ?? 0) > (a.durationMs ?? 0) ? b : a));
  const o = longest.culprit?.owner;
  /** @type {Record<string, (name: string) => string>} */
  const names = { app: () => 'app', package: (n) => n, node: (n) => `node:${n.replace(/^node:/, '')}`, native: (n) => `native:${n}`, json: () => 'json', gc: () => 'gc' };
  const owner = o && names[o.kind] && (o.name || o.kind === 'app' || o.kind === 'json' || o.kind === 'gc') ? names[o.kind](o.name ?? '') : null;
  return { problem: 'loop-block', owner, line: longest.culprit?.calledFrom?.line ?? null, fix: longest.fix ?? null, status };
}

/** The fix taxonomy of case.json; a fix key outside it counts as generic advice. */
export const FIXES = new Set(['async-form', 'cache-bound-offload', 'compile-once', 'regex-dependency', 'regex-app', 'native-sync',
  'allocation', 'payload', 'own-loop', 'microtask', 'nextTick', 'thread-pool', 'none']);

/** @param {Case['expect']} e */
function describe(e) {
  return e.problem === 'none' ? 'responsive' : `${e.owner} @${e.line ?? '-'} ${e.fix}`;
}

/** @param {Diagnosis} d */
function describeGot(d) {
  if (d.problem === 'none' || (d.problem === 'unknown' && d.status)) return d.status ?? 'no report';
  if (d.problem === 'unknown') return 'no report';
  const named = d.owner || d.line || d.fix ? `${d.owner ?? '?'} @${d.line ?? '-'} ${d.fix ?? '?'}` : 'no owner/line/fix';
  return `${d.problem === 'thread-pool' ? 'pool' : 'block'}: ${named} (${d.status})`;
}

/**
 * @param {Case | Omit<Case, 'dir'|'app'>} c @param {any} report
 * @returns {Scored}
 */
export function scoreCase(c, report) {
  if (c.expect.byRoute?.length) return scoreRoutes(c, report);
  return scoreOne(c, report);
}

/**
 * A service with several slow routes: each route's blocks graded against its own expectation. Right
 * when every route is; wrong when any is; else generic.
 * @param {Case | Omit<Case, 'dir'|'app'>} c @param {any} report @returns {Scored}
 */
function scoreRoutes(c, report) {
  const each = (c.expect.byRoute ?? []).map((r) => ({ route: r.route, ...scoreOne({ ...c, expect: { ...c.expect, ...r, problem: 'loop-block' } }, report, r.route) }));
  const score = each.every((r) => r.score === 'right') ? 'right' : each.some((r) => r.score === 'wrong') ? 'wrong' : 'generic';
  const join = (/** @type {(r: typeof each[number]) => string} */ f) => each.map((r) => `${r.route}: ${f(r)}`).join('; ');
  return { id: c.id, batch: batchOf(c), seen: c.seenByRuleAuthor, expected: join((r) => r.expected), got: join((r) => r.got),
    score, note: each.filter((r) => r.note).map((r) => `${r.route}: ${r.note}`).join('; ') };
}

/**
 * @param {Case | Omit<Case, 'dir'|'app'>} c @param {any} report @param {string} [route] only the blocks that ran its requests
 * @returns {Scored}
 */
function scoreOne(c, report, route) {
  const e = c.expect;
  const d = diagnosis(report, route);
  const base = { id: c.id, batch: batchOf(c), seen: c.seenByRuleAuthor, expected: describe(e), got: report ? describeGot(d) : 'no report' };
  if (!report) return { ...base, score: 'wrong', note: 'no report' };
  if (e.problem === 'none') {
    return d.status === 'responsive' ? { ...base, score: 'right', note: '' } : { ...base, score: 'wrong', note: `verdict ${d.status}` };
  }
  if (d.problem !== e.problem) return { ...base, score: 'wrong', note: `missed: ${e.problem} expected, ${d.problem === 'unknown' ? (route ? 'no block that ran it' : 'nothing') : d.problem} found` };
  if (d.owner && d.owner !== e.owner) return { ...base, score: 'wrong', note: `owner ${d.owner}` };
  const fixGiven = !!d.fix && FIXES.has(d.fix);
  if (fixGiven && d.fix !== e.fix) return { ...base, score: 'wrong', note: `fix ${d.fix}` };
  const lineOk = e.line === null || (typeof d.line === 'number' && Math.abs(d.line - e.line) <= 1);
  if (d.owner && fixGiven && lineOk) return { ...base, score: 'right', note: '' };
  const gaps = [!d.owner && 'no owner', !fixGiven && (d.fix ? `fix '${d.fix}' not a key` : 'no fix'),
    !lineOk && (d.line == null ? 'no line' : `line ${d.line}, not ${e.line}`)].filter(Boolean);
  return { ...base, score: 'generic', note: `found the ${e.problem}; ${gaps.join(', ')}` };
}

/** @param {Scored[]} rows */
export function totals(rows) {
  /** @param {Scored[]} list */
  const count = (list) => ({ cases: list.length, right: list.filter((r) => r.score === 'right').length, generic: list.filter((r) => r.score === 'generic').length, wrong: list.filter((r) => r.score === 'wrong').length });
  /** @type {Record<string, ReturnType<typeof count>>} */
  const batches = {};
  for (const b of new Set(rows.map((r) => r.batch))) batches[b] = count(rows.filter((r) => r.batch === b));
  return { seen: count(rows.filter((r) => r.seen)), unseen: count(rows.filter((r) => !r.seen)), batches, all: count(rows) };
}

/** @param {Scored[]} rows @returns {string} */
export function table(rows) {
  const head = ['case', 'batch', 'seen', 'expected', 'got', 'score'];
  const body = rows.map((r) => [r.id, r.batch, r.seen ? 'seen' : 'unseen', r.expected, r.got, r.score + (r.note ? ` (${r.note})` : '')]);
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (/** @type {string[]} */ cells) => cells.map((x, i) => (i === cells.length - 1 ? x : x.padEnd(width[i]))).join('  ');
  const t = totals(rows);
  const sum = (/** @type {string} */ k, /** @type {{cases: number, right: number, generic: number, wrong: number}} */ v) =>
    `${k}: ${v.right}/${v.cases} right, ${v.generic} generic, ${v.wrong} wrong`;
  const batches = [...new Set(rows.map((r) => r.batch))].sort();
  const perBatch = batches.length > 1 || batches.some((b) => b !== 'A') ? batches.map((b) => sum(`batch ${b}`, t.batches[b])) : [];
  return [line(head), ...body.map(line), '', sum('seen', t.seen), sum('unseen', t.unseen), ...perBatch, sum('all', t.all)].join('\n');
}

/**
 * Scores every case that has <folder>/<id>/report.json (a missing report scores wrong).
 * @param {string} folder @param {{ onlyUnseen?: boolean, ids?: string[], batch?: string }} [o]
 */
export function scoreFolder(folder, o = {}) {
  const cases = loadCases().filter((c) => (!o.onlyUnseen || !c.seenByRuleAuthor) && (!o.ids?.length || o.ids.includes(c.id)) && (!o.batch || batchOf(c) === o.batch));
  const rows = cases.map((c) => {
    const file = path.join(folder, c.id, 'report.json');
    return scoreCase(c, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
  });
  fs.writeFileSync(path.join(folder, 'score.json'), JSON.stringify({ totals: totals(rows), cases: rows }, null, 2) + '\n');
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const folder = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--batch');
  if (!folder) {
    console.error('usage: node bench/corpus/score.js <folder of <id>/report.json> [--only-unseen] [--batch A|B|C|D]');
    process.exit(2);
  }
  const batch = process.argv.flatMap((a, i, all) => (all[i - 1] === '--batch' ? [a] : []))[0];
  const rows = scoreFolder(folder, { onlyUnseen: process.argv.includes('--only-unseen'), batch });
  console.log(table(rows));
  console.log(`\nscore: ${path.join(folder, 'score.json')}`);
}
