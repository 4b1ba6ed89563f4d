// Writes the rendered formats of a report into its folder: report.html, flamegraph.html (only
// with a CPU profile: without one there is no graph of the whole run to draw), summary.md,
// junit.xml; appends summary.md to $GITHUB_STEP_SUMMARY when asked.

import fs from 'node:fs';
import path from 'node:path';
import { isCpuProfile } from '../analyze/profiles.js';
import { flameData } from './flame-data.js';
import { renderReportHtml, renderFlamegraphHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { renderJunit } from './junit.js';

/** Files each format writes, relative to the report folder. */
export const FORMAT_FILES = {
  json: { json: 'report.json' },
  html: { html: 'report.html', flamegraph: 'flamegraph.html' },
  md: { md: 'summary.md' },
  junit: { junit: 'junit.xml' },
};

/** @typedef {import('../../types/report.js').Report} Report */

/**
 * The artifacts entries of the chosen formats, to merge into report.artifacts before writing.
 * @param {string[]} formats
 * @param {{profile?: {file: string} | null}} report the report they are rendered from: without a CPU
 *   profile there is no flamegraph.html
 * @returns {Record<string, string>}
 */
export function artifactsFor(formats, report) {
  /** @type {Record<string, string>} */
  const out = Object.assign({}, ...formats.map((f) => /** @type {Record<string, Record<string, string>>} */ (FORMAT_FILES)[f] ?? {}));
  if (!report.profile?.file) delete out.flamegraph;
  return out;
}

/**
 * The run's CPU profile, when the report names one and it is readable; otherwise null and a note why.
 * @param {string} dir @param {Pick<Report, 'profile'>} report
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
  const write = (/** @type {string} */ name, /** @type {string} */ text) => {
    fs.writeFileSync(path.join(dir, name), text);
    files.push(name);
  };
  if (opts.formats.includes('html')) {
    const { profile, note } = opts.profile !== undefined ? { profile: opts.profile, note: null } : readProfile(opts.sourceDir ?? dir, report);
    if (note) notes.push(note);
    const flame = flameData(report, profile);
    write('report.html', renderReportHtml(report, flame));
    if (profile) write('flamegraph.html', renderFlamegraphHtml(report, flame));
  }
  if (opts.formats.includes('md')) {
    const md = renderMarkdown(report);
    write('summary.md', md);
    const summaryFile = opts.env?.GITHUB_STEP_SUMMARY;
    if (opts.stepSummary && summaryFile) {
      try {
        fs.appendFileSync(summaryFile, `${md}\n`);
      } catch (error) {
        notes.push(`could not append to GITHUB_STEP_SUMMARY (${/** @type {Error} */ (error).message})`);
      }
    }
  }
  if (opts.formats.includes('junit')) write('junit.xml', renderJunit(report));
  return { files, notes };
}
