// Writing the rendered formats: which files, the artifacts entries, the step summary, and how a
// missing or broken profile is handled (a note, never a crash).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { writeRenderedFiles, readProfile, artifactsFor } from '../../src/report/write-folder.js';
import { tempDir } from '../helpers.js';
import { sampleReport } from './sample-report.js';

test('artifacts of the chosen formats', () => {
  const profiled = { profile: { file: 'profile.cpuprofile' } };
  assert.deepEqual(artifactsFor(['html', 'junit'], profiled), { html: 'report.html', flamegraph: 'flamegraph.html', junit: 'junit.xml' });
  assert.deepEqual(artifactsFor([], profiled), {});
  assert.deepEqual(artifactsFor(['html'], { profile: null }), { html: 'report.html' }, 'no profile: no flamegraph.html');
});

test('writes the chosen formats only, and appends summary.md to the step summary when asked', (t) => {
  const dir = tempDir(t);
  const summary = path.join(dir, 'step.md');
  const written = writeRenderedFiles(dir, sampleReport(), { formats: ['md', 'junit'], env: { GITHUB_STEP_SUMMARY: summary }, stepSummary: true });
  assert.deepEqual(written, { files: ['summary.md', 'junit.xml'], notes: [] });
  assert.equal(fs.readFileSync(summary, 'utf8'), `${fs.readFileSync(path.join(dir, 'summary.md'), 'utf8')}\n`);
  const quiet = tempDir(t);
  writeRenderedFiles(quiet, sampleReport(), { formats: ['md'], env: { GITHUB_STEP_SUMMARY: path.join(quiet, 'step.md') }, stepSummary: false });
  assert.ok(!fs.existsSync(path.join(quiet, 'step.md')), 'not appended unless asked');
  const unwritable = writeRenderedFiles(quiet, sampleReport(), { formats: ['md'], env: { GITHUB_STEP_SUMMARY: path.join(quiet, 'no', 'such', 'dir.md') }, stepSummary: true });
  assert.match(unwritable.notes[0], /could not append to GITHUB_STEP_SUMMARY/);
});

test('the profile: absent, missing, broken, not a profile, outside the folder, or good', (t) => {
  const dir = tempDir(t);
  const withProfile = (/** @type {string} */ file) => ({ ...sampleReport(), profile: { file, startEpochMs: 0, intervalUs: 1000 } });
  assert.deepEqual(readProfile(dir, sampleReport()), { profile: null, note: null });
  assert.match(readProfile(dir, withProfile('profile.cpuprofile')).note ?? '', /could not read profile\.cpuprofile/);
  fs.writeFileSync(path.join(dir, 'broken.cpuprofile'), '{"nodes": [');
  assert.match(readProfile(dir, withProfile('broken.cpuprofile')).note ?? '', /could not read broken\.cpuprofile/);
  fs.writeFileSync(path.join(dir, 'other.cpuprofile'), '{"nodes": []}');
  assert.match(readProfile(dir, withProfile('other.cpuprofile')).note ?? '', /not a V8 CPU profile/);
  assert.match(readProfile(dir, withProfile('../etc/passwd')).note ?? '', /outside the report folder/);
  const good = { nodes: [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 } }], startTime: 0, endTime: 10, samples: [1], timeDeltas: [1] };
  fs.writeFileSync(path.join(dir, 'good.cpuprofile'), JSON.stringify(good));
  assert.deepEqual(readProfile(dir, withProfile('good.cpuprofile')), { profile: good, note: null });
  const written = writeRenderedFiles(dir, withProfile('broken.cpuprofile'), { formats: ['html'] });
  assert.deepEqual(written.files, ['report.html'], 'an unreadable profile: no flamegraph.html');
  assert.match(written.notes[0], /flame graph left out/);
  assert.deepEqual(writeRenderedFiles(dir, withProfile('good.cpuprofile'), { formats: ['html'] }).files, ['report.html', 'flamegraph.html']);
  assert.deepEqual(writeRenderedFiles(dir, sampleReport(), { formats: ['html'], profile: good }).files, ['report.html', 'flamegraph.html'], 'a profile already read');
});
