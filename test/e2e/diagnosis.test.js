// Diagnosis: each known way of blocking the loop is named with the frame that was running, the
// call it was in and the advice for it; TypeScript run through tsx gets its real lines.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, FIXTURES } from '../helpers.js';
import { isolatedRun } from '../isolated-run.js';
import { cell } from '../../src/report/markdown.js';

/** The app's node_modules gets a link to one of ours. @param {string} work @param {string} name */
function linkModule(work, name) {
  fs.mkdirSync(path.join(work, 'node_modules'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(work, 'node_modules', name));
}

// function in known-blocks.js -> what the report must say of its block: who owned the time, the
// fix, the known call, and the line of the function that made the call
const EXPECTED = {
  jsonBlock: { owner: { kind: 'json', name: 'JSON.parse' }, fix: 'payload', call: 'JSON.parse', line: 'JSON.parse(payload)' },
  regexBlock: { owner: { kind: 'app', name: 'app' }, fix: 'regex-app', call: 'RegExp', pattern: '(a+)+$', line: '/(a+)+$/.test' },
  bcryptBlock: { owner: { kind: 'package', name: 'bcryptjs' }, fix: 'async-form', call: null, line: 'bcrypt.hashSync(' },
  gzipBlock: { owner: { kind: 'node', name: 'node:zlib' }, fix: 'async-form', call: 'zlib.*Sync', line: 'zlib.gzipSync(' },
  readBlock: { owner: { kind: 'node', name: 'node:fs' }, fix: 'async-form', call: 'fs.readFileSync', line: 'fs.readFileSync(' },
  pbkdf2Block: { owner: { kind: 'node', name: 'node:crypto' }, fix: 'async-form', call: 'crypto.pbkdf2Sync', line: 'crypto.pbkdf2Sync(' },
  execBlock: { owner: { kind: 'node', name: 'node:child_process' }, fix: 'async-form', call: 'child_process.execSync', line: 'execSync(' },
};

test('every known way of blocking: the owner of the time, the line that called it, the fix that fits', async (t) => {
  const run = await isolatedRun(t, {
    fixture: 'known-blocks.js', prepare: (work) => linkModule(work, 'bcryptjs'),
    args: (p) => ['run', p.app, '--out', p.out],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  const source = fs.readFileSync(path.join(FIXTURES, 'known-blocks.js'), 'utf8').split('\n');
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'bcryptjs', 'package.json'), 'utf8')).version;
  for (const [fn, want] of Object.entries(EXPECTED)) {
    const block = report.blocks.find((/** @type {any} */ b) => b.culprit?.calledFrom?.functionName === fn);
    assert.ok(block, `no block called from ${fn}: ${JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.culprit))}`);
    const { owner } = block.culprit;
    assert.equal(owner.kind, want.owner.kind, `${fn}: ${JSON.stringify(owner)}`);
    assert.equal(owner.name, want.owner.name, fn);
    if (owner.kind === 'package') assert.equal(owner.version, version, 'the version installed');
    const start = source.findIndex((l) => l.startsWith(`function ${fn}(`));
    const callLine = source.findIndex((l, i) => i > start && l.includes(want.line)) + 1;
    assert.equal(block.culprit.calledFrom.line, callLine, `${fn}: the line that made the call, not the function's first`);
    assert.equal(block.fix, want.fix, `${fn}: ${block.advice}`);
    assert.equal(block.call?.name ?? null, want.call, fn);
    if (want.pattern) assert.equal(block.call.pattern, want.pattern);
    assert.ok(block.owners[0].share > 0.5, `${fn}: its owner holds the block: ${JSON.stringify(block.owners)}`);
    assert.match(block.culprit.label, new RegExp(`known-blocks\\.js:${callLine}`), fn);
    assert.equal(typeof block.gcShare, 'number');
    // the top sites weigh by time: each function holds its block
    assert.equal(block.topFrames[0].functionName, fn);
    assert.ok(report.topSites.some((/** @type {any} */ s) => s.functionName === fn), `${fn} in the top sites`);
  }
  const bcrypt = report.blocks.find((/** @type {any} */ b) => b.culprit?.calledFrom?.functionName === 'bcryptBlock');
  assert.match(bcrypt.advice, /bcryptjs also exports the async bcryptjs\.hash: use it/);
  assert.match(bcrypt.culprit.label, /^bcryptjs@[\d.]+ hashSync ← known-blocks\.js:35$/);
  // and the summary and the page show the same blame
  const md = fs.readFileSync(path.join(run.out, 'summary.md'), 'utf8');
  assert.match(md, /\| `fs\.readFileSync ← known-blocks\.js:43` \|/);
  // the longest block's advice comes first (which block is longest: the machine's to say, the seven are alike)
  const longest = [...report.blocks].sort((/** @type {any} */ a, /** @type {any} */ b) => b.durationMs - a.durationMs)[0];
  assert.ok(md.includes(`- advice: ${cell(longest.advice)}`), `${longest.advice} in ${md}`);
  const html = fs.readFileSync(path.join(run.out, 'report.html'), 'utf8');
  assert.match(html, /"culpritLabel":"regexBlock known-blocks\.js:30 RegExp \/\(a\+\)\+\$\/"/);
  await run.assertClean();
});

test('TypeScript through tsx: the blocking function at its .ts line; the call not named where the profile cannot tell the line', async (t) => {
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
  assert.equal(block.culprit.owner.kind, 'app');
  // tsx compiles the file to one line, and V8 counts ticks by line: which line of parseRows ran
  // is unknown, so no call is named; the lines it could be, and the known call among them, are said
  const jsonLine = source.findIndex((l) => l.includes('JSON.parse(text)')) + 1;
  assert.equal(block.call, null);
  assert.ok(block.culprit.lineCandidates.includes(jsonLine), JSON.stringify(block.culprit));
  assert.ok(block.culprit.lineCandidates.every((/** @type {number} */ l) => l >= block.culprit.line && l <= jsonLine + 2), 'only the function\'s lines');
  assert.match(block.advice, new RegExp(`cannot tell which of lines [\\d, ]+ ran; line ${jsonLine} calls JSON\\.parse`));
  // tsx keeps its compile cache in TMPDIR/tsx-<uid>, as it does when the user runs tsx
  await run.assertClean({ tmpOfOthers: /^tsx-\d+$/ });
});
