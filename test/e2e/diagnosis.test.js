// Diagnosis: each known way of blocking the loop is named with the frame that was running, the
// call it was in and the advice for it; TypeScript run through tsx gets its real lines.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, FIXTURES } from '../helpers.js';
import { isolatedRun } from '../isolated-run.js';

/** The app's node_modules gets a link to one of ours. @param {string} work @param {string} name */
function linkModule(work, name) {
  fs.mkdirSync(path.join(work, 'node_modules'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(work, 'node_modules', name));
}

// function in known-blocks.js -> what the report must say of its block
const EXPECTED = {
  jsonBlock: { kind: 'json', call: 'JSON.parse' },
  regexBlock: { kind: 'regex', call: 'RegExp', pattern: '(a+)+$' },
  bcryptBlock: { kind: 'sync-library', call: 'bcryptjs.hashSync' },
  gzipBlock: { kind: 'zlib-sync', call: 'zlib.*Sync' },
  readBlock: { kind: 'fs-sync', call: 'fs.readFileSync' },
  pbkdf2Block: { kind: 'crypto-sync', call: 'crypto.pbkdf2Sync' },
  execBlock: { kind: 'child-process-sync', call: 'child_process.execSync' },
};

test('every known blocking call: its function blamed, the call named with the frame that matched, its own advice', async (t) => {
  const run = await isolatedRun(t, {
    fixture: 'known-blocks.js', prepare: (work) => linkModule(work, 'bcryptjs'),
    args: (p) => ['run', p.app, '--out', p.out],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  const source = fs.readFileSync(path.join(FIXTURES, 'known-blocks.js'), 'utf8').split('\n');
  for (const [fn, want] of Object.entries(EXPECTED)) {
    const block = report.blocks.find((/** @type {any} */ b) => b.culprit?.functionName === fn);
    assert.ok(block, `no block blamed on ${fn}: ${JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.culprit))}`);
    assert.equal(block.culprit.line, source.findIndex((l) => l.startsWith(`function ${fn}(`)) + 1, `${fn}: its line`);
    assert.equal(block.adviceKind, want.kind, `${fn}: ${block.advice}`);
    assert.equal(block.call?.name, want.call, fn);
    assert.equal(block.call?.kind, want.kind, fn);
    if (want.pattern) assert.equal(block.call.pattern, want.pattern);
    assert.match(block.advice, new RegExp(`\\[matched frame: ${block.call.frame.functionName.replace(/[()+$*]/g, '\\$&')} `), fn);
    assert.equal(typeof block.gcShare, 'number');
    // the top sites weigh by time: each function holds its block
    assert.equal(block.topFrames[0].functionName, fn);
    assert.ok(report.topSites.some((/** @type {any} */ s) => s.functionName === fn), `${fn} in the top sites`);
  }
  // JSON.parse shows no frame of its own: the line that ran names it
  const json = report.blocks.find((/** @type {any} */ b) => b.culprit?.functionName === 'jsonBlock');
  assert.equal(json.call.frame.line, source.findIndex((l) => l.includes('JSON.parse(payload)')) + 1);
  // and the summary and the page show the same blame
  const md = fs.readFileSync(path.join(run.out, 'summary.md'), 'utf8');
  assert.match(md, /\| `readBlock` [^|]*known-blocks\.js:\d+ \| `fs\.readFileSync` \|/);
  assert.match(md, /- advice: .+ in known-blocks\.js:\d+ held the loop \d+ ms \[matched frame: [^\]]+\]: /);
  const html = fs.readFileSync(path.join(run.out, 'report.html'), 'utf8');
  assert.match(html, /"callLabel":"RegExp \/\(a\+\)\+\$\/"/);
  await run.assertClean();
});

test('TypeScript through tsx: the blocking function and the JSON.parse line at their .ts lines', async (t) => {
  const run = await isolatedRun(t, {
    fixture: 'parse-rows.ts', prepare: (work) => linkModule(work, 'tsx'),
    args: (p) => ['run', p.app, '--out', p.out],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  const source = fs.readFileSync(path.join(FIXTURES, 'parse-rows.ts'), 'utf8').split('\n');
  const block = report.blocks.find((/** @type {any} */ b) => b.culprit?.functionName === 'parseRows');
  assert.ok(block, JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.culprit)));
  assert.match(block.culprit.url, /parse-rows\.ts$/);
  assert.equal(block.culprit.line, source.findIndex((l) => l.startsWith('function parseRows(')) + 1);
  assert.equal(block.call?.name, 'JSON.parse');
  assert.equal(block.call.frame.line, source.findIndex((l) => l.includes('JSON.parse(text)')) + 1);
  // tsx keeps its compile cache in TMPDIR/tsx-<uid>, as it does when the user runs tsx
  await run.assertClean({ tmpOfOthers: /^tsx-\d+$/ });
});
