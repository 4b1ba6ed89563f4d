// Per route: requests, latency, errors, and the blocks and time blocked while that route ran.
// Returns rows for the terminal table and for summary.md; nothing when no request was seen.

import Table from 'cli-table3';
import { ms, int } from './format.js';

/** Routes shown; the rest are in report.json. */
export const MAX_ROUTES = 10;

/** @typedef {import('../../types/report.js').RouteRow} RouteRow */

export const ROUTE_HEAD = ['route', 'requests', 'p50', 'p99', 'max', 'errors', 'blocks', 'blocked while it ran'];

/** @param {RouteRow} r @returns {string[]} */
export function routeCells(r) {
  return [r.route, int(r.requests), ms(r.p50Ms), ms(r.p99Ms), ms(r.maxMs), int(r.errors), int(r.blocks), r.blocks ? ms(r.blockedMs) : '-'];
}

/** What held a route's longest run in a block, with its fix; '-' when none was named. @param {RouteRow} r */
export function heldByText(r) {
  return r.heldBy ? `${r.heldBy.label} (${r.heldBy.fix})` : '-';
}

/**
 * The routes a block held, each with what held it, when two or more name something: a block of
 * several slow routes names one culprit, and the other routes' would go unsaid.
 * @param {RouteRow[]} routes @returns {RouteRow[]}
 */
export function heldRoutes(routes) {
  const held = routes.slice(0, MAX_ROUTES).filter((r) => r.blocks && r.heldBy);
  return held.length >= 2 ? held : [];
}

/**
 * @param {{routes?: RouteRow[]}} report @param {import('chalk').ChalkInstance} c
 * @returns {string[]}
 */
export function renderRoutes(report, c) {
  const routes = report.routes ?? [];
  if (!routes.length) return [];
  const t = new Table({ head: ROUTE_HEAD, style: { head: [], border: [] } });
  for (const r of routes.slice(0, MAX_ROUTES)) {
    const cells = routeCells(r);
    t.push(r.blocks ? cells.map((cell, i) => (i === 6 || i === 7 ? c.red(cell) : cell)) : cells);
  }
  const held = heldRoutes(routes).map((r) => `  ${r.route}: held by ${heldByText(r)}`);
  return [t.toString() + (routes.length > MAX_ROUTES ? `\n(${routes.length - MAX_ROUTES} more routes in report.json)` : '') + (held.length ? `\n${held.join('\n')}` : '')];
}
