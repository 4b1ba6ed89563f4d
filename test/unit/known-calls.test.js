// The known blocking calls table, a row at a time, on stacks shaped as Node 20/22/24 profiles
// show them (innermost frame first), and the advice each gives.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KNOWN_CALLS, matchKnownCall, callFix, callLabel } from '../../src/analyze/known-calls.js';
import { regexNames, namedRegexRun, runsUnnamedRegex } from '../../src/sources/regex-names.js';

/** @param {string} functionName @param {string} [url] @param {number} [line] */
const f = (functionName, url = '', line = 1) => ({ functionName, url, line });
const handler = f('handler', '/srv/app.js', 12);
const express = [f('handle', '/srv/node_modules/express/lib/router/layer.js', 86), f('emit', 'node:events', 471)];
/** @param {...ReturnType<typeof f>} inner */
const stack = (...inner) => [...inner, handler, ...express];

/** @type {Record<string, {frames: ReturnType<typeof f>[], line?: {line: number, text: string}, name: string, frame: string, fix: RegExp}[]>} */
const CASES = {
  regex: [
    { frames: stack(f('RegExp: (a+)+$')), name: 'RegExp', frame: 'RegExp: (a+)+$', fix: /catastrophic backtracking.*nested quantifiers/ },
    // still interpreted: the caller's own time, at the line that runs the literal
    { frames: stack(), line: { line: 13, text: "  res.send(String(/(a+)+$/.test('a'.repeat(23) + '!')));" }, name: 'RegExp', frame: 'handler', fix: /catastrophic backtracking/ },
    { frames: stack(f('RegExp: ^\\d+-\\w+$')), name: 'RegExp', frame: 'RegExp: ^\\d+-\\w+$', fix: /^backtracking on a long input/ },
  ],
  json: [
    { frames: stack(), line: { line: 12, text: '  const o = JSON.parse(big);' }, name: 'JSON.parse', frame: 'handler', fix: /payload.*worker thread/ },
    { frames: stack(), line: { line: 20, text: '  res.end(JSON.stringify(rows));' }, name: 'JSON.stringify', frame: 'handler', fix: /serialize it in a worker/ },
  ],
  'fs-sync': [
    { frames: stack(f('read'), f('readSync', 'node:fs', 708), f('tryReadSync', 'node:fs', 420), f('readFileSync', 'node:fs', 441)), name: 'fs.readFileSync', frame: 'readFileSync', fix: /fs\.promises\.readFile or a stream/ },
    { frames: stack(f('writeBuffer'), f('writeSync', 'node:fs'), f('writeFileSync', 'node:fs')), name: 'fs.writeFileSync', frame: 'writeFileSync', fix: /fs\.promises\.writeFile or a stream/ },
  ],
  'zlib-sync': [
    { frames: stack(f('writeSync'), f('processChunkSync', 'node:zlib', 393), f('zlibBufferSync', 'node:zlib', 164), f('syncBufferWrapper', 'node:zlib', 766)), name: 'zlib.*Sync', frame: 'syncBufferWrapper', fix: /zlib\.gzip.*zlib\.createGzip/ },
  ],
  'crypto-sync': [
    { frames: stack(f('run'), f('pbkdf2Sync', 'node:internal/crypto/pbkdf2', 61)), name: 'crypto.pbkdf2Sync', frame: 'pbkdf2Sync', fix: /async crypto\.pbkdf2 /u },
    { frames: stack(f('run'), f('scryptSync', 'node:internal/crypto/scrypt')), name: 'crypto.scryptSync', frame: 'scryptSync', fix: /async crypto\.scrypt /u },
    { frames: stack(f('run'), f('generateKeyPairSync', 'node:internal/crypto/keygen')), name: 'crypto.generateKeyPairSync', frame: 'generateKeyPairSync', fix: /crypto\.generateKeyPair /u },
    { frames: stack(f('run'), f('randomFillSync', 'node:internal/crypto/random')), name: 'crypto.randomFillSync', frame: 'randomFillSync', fix: /crypto\.randomFill /u },
  ],
  'child-process-sync': [
    { frames: stack(f('spawn'), f('spawnSync', 'node:internal/child_process'), f('spawnSync', 'node:child_process'), f('execSync', 'node:child_process')), name: 'child_process.execSync', frame: 'execSync', fix: /child_process\.execFile \(or exec\)/ },
    { frames: stack(f('spawn'), f('spawnSync', 'node:internal/child_process'), f('spawnSync', 'node:child_process'), f('execFileSync', 'node:child_process')), name: 'child_process.execFileSync', frame: 'execFileSync', fix: /child_process\.execFile,/ },
    { frames: stack(f('spawn'), f('spawnSync', 'node:internal/child_process'), f('spawnSync', 'node:child_process')), name: 'child_process.spawnSync', frame: 'spawnSync', fix: /child_process\.spawn,/ },
  ],
  'sync-wait': [
    { frames: stack(f('runCallSync', '/srv/node_modules/esbuild/lib/main.js', 2130)), line: { line: 2143, text: '    let status = Atomics.wait(sharedBufferView, 0, 0);' }, name: 'Atomics.wait', frame: 'runCallSync', fix: /sleeps until another thread or process.*async form/ },
  ],
};

for (const row of KNOWN_CALLS) {
  test(`known call "${row.id}": matched on its frames, with its fix`, () => {
    const cases = CASES[row.id];
    assert.ok(cases?.length, `no case for row ${row.id}`);
    for (const c of cases) {
      const call = matchKnownCall(c.frames, c.line ?? null);
      assert.ok(call, `${row.id}: ${c.name} not matched`);
      assert.equal(call.id, row.id);
      assert.equal(call.kind, row.kind);
      assert.equal(call.name, c.name);
      assert.equal(call.frame.functionName, c.frame);
      if (c.line) assert.equal(call.frame.line, c.line.line, 'the line that ran, not the function\'s first');
      assert.match(callFix(call), c.fix);
    }
  });
}

test('the pattern of a regex is kept; a line without a call or regex matches nothing', () => {
  assert.equal(matchKnownCall(stack(f('RegExp: (a+)+$')))?.pattern, '(a+)+$');
  assert.equal(callLabel(matchKnownCall(stack(f('RegExp: (a+)+$')))), 'RegExp /(a+)+$/');
  assert.equal(matchKnownCall(stack(), { line: 3, text: '  const ratio = total / count / 2;' }), null);
  assert.equal(matchKnownCall(stack(), { line: 3, text: '  // JSON parse later: /not a regex/' }), null);
  assert.equal(matchKnownCall(stack(), null), null);
  // a plain CPU loop, and Node's own async fs: nothing known
  assert.equal(matchKnownCall(stack(f('busy', '/srv/app.js', 4))), null);
  assert.equal(matchKnownCall(stack(f('readFile', 'node:fs'))), null);
  // a native frame named parse (URL parsing) is not JSON.parse
  assert.equal(matchKnownCall(stack(f('parse', ''))), null);
  // JSON.parse of the result of a regex replace: the line's call is JSON
  assert.equal(matchKnownCall(stack(), { line: 5, text: 'JSON.parse(s.replace(/\\n/g, ""))' })?.name, 'JSON.parse');
  // a line that is not the leaf's (a native leaf's caller), or one of several a loader compiled
  // to one line, names no builtin: it cannot say that this call ran
  assert.equal(matchKnownCall(stack(), { line: 5, text: 'JSON.parse(s)', frameIndex: 1 }), null);
  assert.equal(matchKnownCall(stack(), { line: 5, text: 'JSON.parse(s)', ambiguous: [6, 7] }), null);
});

test('the frame nearest the app is the API it called', () => {
  // readFileSync calls readSync: the app called readFileSync
  const call = matchKnownCall(stack(f('read'), f('readSync', 'node:fs'), f('readFileSync', 'node:fs')));
  assert.equal(call?.name, 'fs.readFileSync');
  // crypto.randomBytes(100) reaches randomFillSync inside: the app called randomBytes, no Sync API
  assert.equal(matchKnownCall(stack(f('run'), f('randomFillSync', 'node:internal/crypto/random'), f('randomBytes', 'node:internal/crypto/random'))), null);
  // a package's own work is no known call: who owns it is time-owners.js's
  assert.equal(matchKnownCall(stack(...['_encipher', '_crypt', 'hashSync'].map((n) => f(n, '/srv/node_modules/bcryptjs/index.js')))), null);
});

test('a regex run by a name its file declares: the line is the call, with the declared pattern', () => {
  const names = regexNames([
    "const EMAIL = /^([\\w.-]+\\s*)+@[\\w-]+(\\.[\\w-]+)+$/;",
    'const PATTERNS = { tag: /<[^>]+>/g, ws: /\\s+/ };',
    "const DYN = new RegExp('^(a+)+$', 'i');",
    'const half = total / 2; const other = n / 3;',
  ]);
  assert.deepEqual([...names.keys()], ['EMAIL', 'tag', 'ws', 'DYN']);
  const text = '  const valid = invites.filter((address) => EMAIL.test(address));';
  const regex = namedRegexRun(text, names);
  assert.equal(regex, '^([\\w.-]+\\s*)+@[\\w-]+(\\.[\\w-]+)+$');
  const call = matchKnownCall(stack(), { line: 13, text, regex: regex ?? undefined });
  assert.equal(call?.kind, 'regex');
  assert.equal(call?.frame.line, 13);
  assert.match(callFix(/** @type {any} */ (call)), /catastrophic backtracking/);
  assert.equal(namedRegexRun("s.replace(PATTERNS.tag, '')", names), '<[^>]+>');
  assert.equal(namedRegexRun('DYN.exec(s)', names), '^(a+)+$');
  // a name the file does not declare as a regex, or a number divided: not a regex
  assert.equal(namedRegexRun('schema.test(x)', names), null);
  assert.equal(namedRegexRun('half.test(x)', names), null);
  assert.equal(matchKnownCall(stack(), { line: 13, text: '  schema.test(x);' }), null);
});

test('a line that runs a regex it does not name: RegExp\'s own methods, match and search, a pattern from a table', () => {
  for (const text of ['var m = re.exec(pathname);', 'if (this.rules.inline.text.test(src)) {', 'const found = s.match(pattern);',
    'return str.search(x) >= 0;', 'range = range.replace(re[t.COMPARATORTRIM], comparatorTrimReplace)', 'parts = v.split(SEPARATORS[kind]);']) {
    assert.equal(runsUnnamedRegex(text), true, text);
  }
  for (const text of ["s.replace('<', '&lt;')", "line.split(',')", 's.replace(from, to)', 'JSON.parse(body)', 'const tested = run(x);']) {
    assert.equal(runsUnnamedRegex(text), false, text);
  }
});

test('a name given one of two regexes (a ternary) runs a regex too: the pattern the source spells', () => {
  const names = regexNames([
    'var COOKIE_PAIR = /^(([^=;]+))\\s*=\\s*([^\\n\\r\\0]*)/;',
    'var LOOSE_COOKIE_PAIR = /^((?:=)?([^=;]*)\\s*=\\s*)?([^\\n\\r\\0]*)/;',
    '  var pairRe = options.loose ? LOOSE_COOKIE_PAIR : COOKIE_PAIR;',
    '  var pattern = chars ? new RegExp("[".concat(chars, "]+$"), "g") : /(\\s)+$/g;',
    '  const limit = big ? 10 : 2;',
  ]);
  assert.equal(namedRegexRun('  var result = pairRe.exec(str);', names), '^((?:=)?([^=;]*)\\s*=\\s*)?([^\\n\\r\\0]*)');
  assert.equal(namedRegexRun("  return str.replace(pattern, '');", names), '(\\s)+$');
  assert.equal(names.has('limit'), false);
});

test('a minified line names no call from its text: a bundle\'s whole module is one line, and what ran is anywhere on it', async () => {
  const { runningText } = await import('../../src/analyze/block-samples.js');
  // faker's chunk: JSON.parse in a helper near the start of a 35,000-character line of generators
  const bundle = `function Lt(i){try{return[e,JSON.parse(\`[\${i}]\`)]}catch{}}${'function g(){return h.fake(t)}'.repeat(1200)}`;
  const leaf = [f('fake', '/srv/node_modules/@faker-js/faker/dist/chunk.cjs', 7), handler, ...express];
  assert.equal(runningText(bundle, undefined), '');
  assert.equal(matchKnownCall(leaf, { line: 7, text: runningText(bundle, undefined), frameIndex: 0 }), null);
  // where a sampler gave the column, the call there is read
  const at = bundle.indexOf('JSON.parse') + 1;
  assert.equal(matchKnownCall(leaf, { line: 7, text: runningText(bundle, at), frameIndex: 0 })?.name, 'JSON.parse');
  // an ordinary line is read whole
  assert.equal(runningText('  const o = JSON.parse(big);', undefined), '  const o = JSON.parse(big);');
});
