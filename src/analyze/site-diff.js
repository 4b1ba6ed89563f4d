// The baseline gate's first question: what blocks now that did not before, and what blocks
// longer or more often. Blocking sites (blocking-sites.js) of the baseline runs and of this side's
// runs are matched by identity (loop, owner, function, calling function, file); a side's figures
// are medians over its runs. A site is a regression when it is
//   new         no baseline run had it, and it blocked at least twice and held the loop at least 2T
//               (T: the block threshold): a pattern, not a one-off (the longest block judges those);
//   longer      its typical block (the median, on a CPU) grew by the regression percentage and
//               T/2, and it held the loop at least 2T;
//   more often  it blocked at least twice as often, per second and per request served, and held
//               the loop 2T more.
// How much time a site holds in all varies with the throughput a shared machine allows (±50%
// here), so the total alone never decides. With enough runs on both sides for the rank test to
// tell (Mann-Whitney U), the change must also be beyond the noise. Pure.

import { blockingSites, fileMatch, siteWhere, namesOwners } from './blocking-sites.js';
import { mannWhitneyU } from './mann-whitney.js';
import { median } from './scenario-rows.js';
import { testCanTell } from './noise.js';
import { ms, plural, signedPct } from './gate-words.js';

/**
 * @typedef {import('./blocking-sites.js').BlockingSite} BlockingSite
 * @typedef {{runs: number, count: number, heldMs: number, longestMs: number, typicalMs: number}} SideFigures
 *   medians over the side's runs (count and held: a run without the site counts 0; typical and
 *   longest: over the runs that had it); `runs`: how many of its runs had the site
 * @typedef {object} SiteChange
 * @property {'new' | 'longer' | 'more often' | 'same' | 'shrank' | 'gone'} status
 * @property {string} label the culprit as every output shows it
 * @property {string} where "app.js:5": the calling line
 * @property {BlockingSite['loop']} loop
 * @property {BlockingSite['owner']} owner
 * @property {string} functionName
 * @property {BlockingSite['calledFrom']} calledFrom
 * @property {SideFigures | null} baseline null when no baseline run had it
 * @property {SideFigures | null} value null when no run of this side had it
 * @property {number | null} pct change of the typical block (longer, shrank, same) or of the held time, in percent
 * @property {number | null} p rank test's p-value on the time held per second (null: too few runs to tell)
 * @property {boolean} regression
 * @property {string} text the change in words
 */

/**
 * @param {any[]} baseRuns baseline reports @param {any[]} runs this side's reports
 * @param {{regressionPct: number, thresholdMs: number, alpha: number, cwd: string}} o
 * @returns {{sites: SiteChange[], judged: boolean, note: string | null}}
 */
export function diffSites(baseRuns, runs, o) {
  const groups = matchSites([baseRuns, runs].map((side) => side.map((r) => blockingSites(r))));
  const T = o.thresholdMs;
  const canTell = testCanTell(baseRuns.length, runs.length, o.alpha);
  const judged = baseRuns.every(namesOwners);
  const thisWindowS = median(runs.map(windowS));
  const sites = groups.map((g) => {
    const [base, mine] = g.perRun;
    const b = figures(base, baseRuns, thisWindowS);
    const v = figures(mine, runs, thisWindowS);
    const test = canTell ? mannWhitneyU(perSecond(base, baseRuns), perSecond(mine, runs)) : null;
    const change = judgeSite(b, v, { ...o, T, rates: [rates(base, baseRuns), rates(mine, runs)] });
    const site = /** @type {BlockingSite} */ (g.mine ?? g.base);
    const out = {
      status: change.status, label: site.label, where: siteWhere(site, o.cwd), loop: site.loop, owner: site.owner,
      functionName: site.functionName, calledFrom: site.calledFrom, baseline: b, value: v, pct: change.pct,
      p: test ? Math.round(test.p * 10000) / 10000 : null,
      regression: judged && change.regression && (test ? test.p < o.alpha : true), text: '',
    };
    out.text = siteText(out, g.base, runs.length);
    return out;
  });
  const order = { new: 0, longer: 1, 'more often': 2, shrank: 3, gone: 4, same: 5 };
  sites.sort((x, y) => Number(y.regression) - Number(x.regression) || order[x.status] - order[y.status] || (y.value?.heldMs ?? 0) - (x.value?.heldMs ?? 0));
  const note = judged ? null : 'the baseline\'s blocks name no owners (a report of an earlier version): blocking call sites are shown, not judged';
  return { sites, judged, note };
}

/**
 * The site's status and whether it is a regression, from the two sides' figures.
 * @param {SideFigures | null} b @param {SideFigures | null} v
 * @param {{regressionPct: number, T: number, rates: {perSecond: number, perRequest: number | null}[]}} o
 * @returns {{status: SiteChange['status'], pct: number | null, regression: boolean}}
 */
function judgeSite(b, v, o) {
  const change = (/** @type {number} */ from, /** @type {number} */ to) => (from > 0 ? Math.round(((to - from) / from) * 1000) / 10 : null);
  if (!v) return { status: b ? 'gone' : 'same', pct: b ? -100 : null, regression: false };
  if (!b) return { status: 'new', pct: null, regression: v.count >= 2 && v.heldMs >= 2 * o.T };
  const pct = change(b.typicalMs, v.typicalMs);
  if (pct !== null && pct >= o.regressionPct && v.typicalMs - b.typicalMs >= o.T / 2) return { status: 'longer', pct, regression: v.heldMs >= 2 * o.T };
  const [rb, rv] = o.rates;
  const twice = rv.perSecond >= 2 * rb.perSecond && (rb.perRequest === null || rv.perRequest === null || rv.perRequest >= 2 * rb.perRequest);
  if (twice && v.heldMs - b.heldMs >= 2 * o.T) return { status: 'more often', pct: change(b.heldMs, v.heldMs), regression: true };
  if (pct !== null && pct <= -o.regressionPct) return { status: 'shrank', pct, regression: false };
  return { status: 'same', pct, regression: false };
}

/** @param {any} r */
const windowS = (r) => Math.max(0.001, (Number(r.run?.durationMs) || 0) / 1000);

/** @param {any} r requests the app answered in the window (load and probe), or null */
function requestsOf(r) {
  const n = (Number(r.http?.load?.requests) || 0) + (Number(r.http?.probe?.requests) || 0);
  return n > 0 ? n : null;
}

/** Time held per second of window, per run (0 without the site). @param {(BlockingSite | null)[]} side @param {any[]} reports */
function perSecond(side, reports) {
  return side.map((s, i) => (s ? s.heldMs / windowS(reports[i]) : 0));
}

/**
 * How often a site blocked: medians over the runs of blocks per second and per request served.
 * @param {(BlockingSite | null)[]} side @param {any[]} reports
 */
function rates(side, reports) {
  const perRequest = side.map((s, i) => { const n = requestsOf(reports[i]); return n === null ? null : (s?.count ?? 0) / n; });
  const known = /** @type {number[]} */ (perRequest.filter((x) => x !== null));
  return { perSecond: median(side.map((s, i) => (s?.count ?? 0) / windowS(reports[i]))), perRequest: known.length === side.length ? median(known) : null };
}

/**
 * Groups the sites of every run of both sides: the same key and a file that matches (the one
 * sharing most trailing path segments). perRun[side][run] is the run's site or null.
 * @param {BlockingSite[][][]} sides sides -> runs -> sites
 */
function matchSites(sides) {
  /** @type {{key: string, file: string, perRun: (BlockingSite | null)[][], base: BlockingSite | null, mine: BlockingSite | null}[]} */
  const groups = [];
  sides.forEach((runs, side) => runs.forEach((sites, run) => {
    for (const site of sites) {
      let best = null;
      let score = 0;
      for (const g of groups) {
        if (g.key !== site.key || g.perRun[side][run]) continue;
        const m = fileMatch(g.file, site.file);
        if (m > score) { best = g; score = m; }
      }
      if (!best) {
        best = { key: site.key, file: site.file, perRun: sides.map((r) => r.map(() => null)), base: null, mine: null };
        groups.push(best);
      }
      best.perRun[side][run] = site;
      // shown as this side's latest run has it, else as the baseline had it
      if (side === 0) best.base ??= site;
      else best.mine = site;
    }
  }));
  return groups;
}

/**
 * A side's figures for a site: medians over its runs, held time in ms of this side's window.
 * @param {(BlockingSite | null)[]} side @param {any[]} reports @param {number} thisWindowS
 * @returns {SideFigures | null}
 */
function figures(side, reports, thisWindowS) {
  const seen = /** @type {BlockingSite[]} */ (side.filter((s) => s !== null));
  if (!seen.length) return null;
  const r = (/** @type {number} */ v) => Math.round(v * 10) / 10;
  return {
    runs: seen.length,
    count: median(side.map((s) => s?.count ?? 0)),
    heldMs: r(median(perSecond(side, reports)) * thisWindowS),
    longestMs: r(median(seen.map((s) => s.longestMs))),
    typicalMs: r(median(seen.map((s) => s.typicalMs))),
  };
}

/**
 * The change in words, for the reviewer: what blocks, where, how much, against what.
 * @param {SiteChange} c @param {BlockingSite | null} before the baseline's own record of the site
 * @param {number} runs this side's runs
 */
function siteText(c, before, runs) {
  const what = siteName(c);
  const of = (/** @type {SideFigures} */ f) => `${ms(f.heldMs)} in ${plural(f.count, 'block')}, the longest ${ms(f.longestMs)}`;
  const medians = runs > 1 ? ` (medians of ${runs} runs)` : '';
  const version = before && c.owner.version && before.owner.version && before.owner.version !== c.owner.version
    ? `; ${c.owner.name} was ${before.owner.version} in the baseline` : '';
  const v = c.value;
  const b = c.baseline;
  const pct = c.pct === null ? '' : ` (${signedPct(c.pct)})`;
  const blocks = (/** @type {SideFigures} */ f) => `${plural(f.count, 'block')} (${ms(f.heldMs)})`;
  switch (c.status) {
    case 'new': return `new blocking ${what}, ${ms(v?.longestMs ?? 0)}, ${plural(v?.count ?? 0, 'block')}${medians}; it was not in the baseline`;
    case 'longer': return `blocking ${what} blocks longer: ${ms(v?.typicalMs ?? 0)} a block${medians}, was ${ms(b?.typicalMs ?? 0)} in the baseline${pct}; ${blocks(/** @type {SideFigures} */ (v))}${version}`;
    case 'more often': return `blocking ${what} blocks more often: ${blocks(/** @type {SideFigures} */ (v))}${medians}, was ${blocks(/** @type {SideFigures} */ (b))} in the baseline${version}`;
    case 'gone': return `blocking ${what} is gone: it held the loop ${ms(b?.heldMs ?? 0)} in the baseline`;
    case 'shrank': return `blocking ${what} blocks shorter: ${ms(v?.typicalMs ?? 0)} a block, was ${ms(b?.typicalMs ?? 0)} in the baseline${pct}${version}`;
    default: return `blocking ${what}: ${of(/** @type {SideFigures} */ (v))}, as in the baseline${version}`;
  }
}

/**
 * "function renderQuarterlyReport (app.js:5)", "call js-yaml@4.1.0 load from handler (app.js:14)",
 * with the loop when it is not the main thread's.
 * @param {SiteChange} c
 */
export function siteName(c) {
  const loop = c.loop === 'cluster-worker' ? ' in a cluster worker' : c.loop === 'worker-thread' ? ' in a worker thread' : '';
  if (c.owner.kind === 'app') return `function ${c.functionName} (${c.where})${loop}`;
  const called = c.label.split(' ← ')[0];
  const from = c.calledFrom ? ` from ${c.calledFrom.functionName} (${c.where})` : '';
  if (c.owner.kind === 'gc') return `garbage collection${c.calledFrom ? ` in ${c.calledFrom.functionName} (${c.where})` : ''}${loop}`;
  return `call ${called}${from}${loop}`;
}
