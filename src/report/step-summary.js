// summary.md into a GitHub Actions job summary ($GITHUB_STEP_SUMMARY). GitHub takes at most 1 MiB
// from one step: a longer summary is cut at a line and says so (summary.md keeps everything).

import fs from 'node:fs';

export const STEP_SUMMARY_MAX_BYTES = 1024 * 1024;

/**
 * The text to append to a step summary that already holds `usedBytes`: the whole summary when it
 * fits, else its first lines and a line saying where the rest is.
 * @param {string} md @param {number} usedBytes @param {number} [maxBytes]
 * @returns {{text: string, cut: boolean}}
 */
export function fitStepSummary(md, usedBytes, maxBytes = STEP_SUMMARY_MAX_BYTES) {
  const whole = `${md}\n`;
  if (usedBytes + Buffer.byteLength(whole) <= maxBytes) return { text: whole, cut: false };
  const notice = `\n> eventloop-probe: this summary was cut to fit GitHub's 1 MiB limit for one step; the whole summary.md is in the report folder (the uploaded artifact).\n`;
  const room = Math.max(0, maxBytes - usedBytes - Buffer.byteLength(notice));
  const head = Buffer.from(whole).subarray(0, room).toString('utf8').replace(/\uFFFD$/, '');
  const lastLine = head.lastIndexOf('\n');
  return { text: `${lastLine >= 0 ? head.slice(0, lastLine + 1) : ''}${notice}`, cut: true };
}

/**
 * Appends summary.md to the step summary file. Returns a note for the terminal, or null.
 * @param {string} file $GITHUB_STEP_SUMMARY @param {string} md
 * @returns {string | null}
 */
export function appendStepSummary(file, md) {
  try {
    let used = 0;
    try {
      used = fs.statSync(file).size;
    } catch {
      used = 0; // not there yet: appendFileSync creates it
    }
    const { text, cut } = fitStepSummary(md, used);
    fs.appendFileSync(file, text);
    return cut ? `summary.md is over GitHub's 1 MiB step summary limit: the job summary has its first part only (summary.md in the report folder is whole)` : null;
  } catch (error) {
    return `could not append to GITHUB_STEP_SUMMARY (${/** @type {Error} */ (error).message})`;
  }
}
