// Writes a report folder: report.json first (the report is complete when it gets here: budgets,
// baseline; nothing below changes it), then the formats rendered from it: report.html,
// flamegraph.html (only with a CPU profile: without one there is no graph of the whole run to draw), summary.md,
// junit.xml, profile.pb.gz (pprof, with a CPU profile), benchmark.json and benchmark-bigger.json;
// appends summary.md to $GITHUB_STEP_SUMMARY when asked (cut at GitHub's 1 MiB).

import fs from 'node:fs';
import path from 'node:path';
import { isCpuProfile } from '../analyze/profiles.js';
import { flameData } from './flame-data.js';
import { renderReportHtml, renderFlamegraphHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { renderJunit } from './junit.js';
import { renderBenchmark } from './benchmark.js';
import { appendStepSummary } from './step-summary.js';
import { encodePprof } from './pprof.js';
import { multiLoops } from './loop-rows.js';

/** Files each format writes, relative to the report folder. */
export const FORMAT_FILES = {
  json: { json: 'report.json' },
  html: { html: 'report.html', flamegraph: 'flamegraph.html' },
  md: { md: 'summary.md' },
  junit: { junit: 'junit.xml' },
  pprof: { pprof: 'profile.pb.gz' },
  benchmark: { benchmark: 'benchmark.json', benchmarkBigger: 'benchmark-bigger.json' },
};

/** @typedef {import('../../types/report.js').Report} Report */

/**
 * The artifacts entries of the chosen formats, to merge into report.artifacts before writing.
 * @param {string[]} formats
 * @param {{profile?: {file: string} | null}} report the report they are rendered from: without a CPU
 *   profile there is no flamegraph.html and no profile.pb.gz
 * @returns {Record<string, string>}
 */
export function artifactsFor(formats, report) {
  /** @type {Record<string, string>} */
  const out = Object.assign({}, ...formats.map((f) => /** @type {Record<string, Record<string, string>>} */ (FORMAT_FILES)[f] ?? {}));
  if (!report.profile?.file) {
    delete out.flamegraph;
    delete out.pprof;
  }
  return out;
}

/**
 * The run's CPU profile, when the report names one and it is readable; otherwise null and a note why.
 * @param {string} dir @param {{profile?: {file: string} | null}} report the report, or one of its loops
 * @returns {{profile: import('../analyze/profiles.js').CpuProfile | null, note: string | null}}
 */
export function readProfile(dir, report) {
  const file = report.profile?.file;
  if (!file) return { profile: null, note: null };
  const full = path.resolve(dir, file);
  if (path.dirname(full) !== path.resolve(dir)) return { profile: null, note: `profile ${file} is outside the report folder: not read` };
  try {
    const parsed = JSON.parse(fs.readFileSync(full, 'utf8'));
    return isCpuProfile(parsed) ? { profile: parsed, note: null } : { profile: null, note: `${file} is not a V8 CPU profile: flame graph left out` };
  } catch (error) {
    return { profile: null, note: `could not read ${file} (${/** @type {Error} */ (error).message}): flame graph left out` };
  }
}

/**
 * The flame graphs of every loop (report.loops, when the app ran more than one), in the loops'
 * order: the main thread's is the report's own; another loop's comes from its profile file in the
 * folder (loops[].profile.file), else from the stacks sampled during its blocks. Null with one loop.
 * @param {string} dir @param {Report} report @param {import('./flame-data.js').FlameData} mainFlame
 * @param {string[]} notes where a profile that could not be read is said
 * @returns {import('./flame-data.js').FlameData[] | null}
 */
export function loopFlames(dir, report, mainFlame, notes) {
  const loops = multiLoops(report);
  if (!loops) return null;
  return loops.map((loop) => {
    if (loop.kind === 'main') return mainFlame;
    const { profile, note } = readProfile(dir, loop);
    if (note) notes.push(`${loop.label}: ${note}`);
    return flameData(/** @type {Report} */ ({ ...report, blocks: loop.blocks ?? [], profile: loop.profile ?? null }), profile);
  });
}

/**
 * Writes report.json, then renders the other formats from it.
 * @param {string} dir report folder
 * @param {Report} report
 * @param {Parameters<typeof writeRenderedFiles>[2] & {shown?: Report}} opts shown: what the formats
 *   are rendered from when report.json is a saved report written back as it was (the saved report
 *   completed by the analysis, analyze/saved-report.js)
 * @returns {{files: string[], notes: string[]}} files written, relative to dir
 */
export function writeReportFolder(dir, report, opts) {
  fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  const rendered = writeRenderedFiles(dir, opts.shown ?? report, opts);
  return { files: ['report.json', ...rendered.files], notes: rendered.notes };
}

/**
 * Renders and writes the formats other than report.json (the caller writes that one, so it holds
 * its budgets before anything else is rendered from it).
 * @param {string} dir report folder
 * @param {Report} report
 * @param {{formats: string[], env?: NodeJS.ProcessEnv, stepSummary?: boolean, sourceDir?: string,
 *   profile?: import('../analyze/profiles.js').CpuProfile | null}} opts
 *   sourceDir: the folder holding the profile (default dir); profile: the profile already read
 *   (null: none), instead of reading report.profile.file
 * @returns {{files: string[], notes: string[]}} files written, relative to dir
 */
export function writeRenderedFiles(dir, report, opts) {
  /** @type {string[]} */
  const files = [];
  /** @type {string[]} */
  const notes = [];
  const write = (/** @type {string} */ name, /** @type {string | Buffer} */ content) => {
    fs.writeFileSync(path.join(dir, name), content);
    files.push(name);
  };
  const needsProfile = opts.formats.includes('html') || opts.formats.includes('pprof');
  const { profile, note } = !needsProfile ? { profile: null, note: null }
    : opts.profile !== undefined ? { profile: opts.profile, note: null } : readProfile(opts.sourceDir ?? dir, report);
  if (note) notes.push(note);
  if (opts.formats.includes('html')) {
    const flame = flameData(report, profile);
    const loops = loopFlames(opts.sourceDir ?? dir, report, flame, notes);
    write('report.html', renderReportHtml(report, flame, loops));
    if (profile) write('flamegraph.html', renderFlamegraphHtml(report, flame, loops));
  }
  if (opts.formats.includes('md')) {
    const md = renderMarkdown(report);
    write('summary.md', md);
    const summaryFile = opts.env?.GITHUB_STEP_SUMMARY;
    if (opts.stepSummary && summaryFile) {
      const problem = appendStepSummary(summaryFile, md);
      if (problem) notes.push(problem);
    }
  }
  if (opts.formats.includes('junit')) write('junit.xml', renderJunit(report));
  if (opts.formats.includes('pprof')) {
    if (profile) write('profile.pb.gz', encodePprof(profile, report));
    else if (!report.profile?.file) notes.push(`no CPU profile in this run (${report.stacks?.lost ?? (report.run.settings?.profile === false ? '--no-profile' : 'none was written')}): profile.pb.gz not written`);
  }
  if (opts.formats.includes('benchmark')) {
    const bench = renderBenchmark(report);
    write('benchmark.json', bench.smaller);
    write('benchmark-bigger.json', bench.bigger);
  }
  return { files, notes };
}
