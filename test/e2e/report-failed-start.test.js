// A failed start's report folder: report.html opens without errors in Chromium and says what
// happened (no verdict), and `report` re-renders it without tables.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBin, tempDir } from '../helpers.js';
import { browserFor } from '../browser.js';

test('a failed start: report.html names the failure and the error line; report re-renders it without tables', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'app.js'), "require('./config.json');\n");
  const out = path.join(dir, 'out');
  const r = await runBin(['run', 'app.js', '--out', out], { cwd: dir });
  assert.equal(r.code, 3, r.stderr);

  const browser = await browserFor(t);
  const page = await browser.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(pathToFileURL(path.join(out, 'report.html')).href, { waitUntil: 'load' });
  assert.equal(await page.textContent('#status'), 'failed to start');
  const reasons = await page.textContent('#reasons');
  assert.match(reasons ?? '', /the app exited with code 1/);
  assert.match(reasons ?? '', /Error: Cannot find module '\.\/config\.json'/);
  assert.deepEqual(problems, []);

  const again = await runBin(['report', out, '--format', 'md'], { cwd: dir });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /failed to start, no verdict\nthe app exited with code 1/);
  assert.doesNotMatch(again.stdout, /┌/);
  // a gate cannot pass on a window that never was
  const gated = await runBin(['report', out, '--format', 'json', '--fail-on', 'lag.p99>50ms'], { cwd: dir });
  assert.equal(gated.code, 1, gated.stderr);
  assert.match(gated.stderr, /the app failed to start: no measured window to check budgets or a baseline against/);
});
