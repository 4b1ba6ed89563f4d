// report.html and flamegraph.html in a real browser (headless Chromium via playwright-core):
// no console errors, no network, the timeline and flame graph render, clicking a block shows its
// stack, hover/zoom/search work on the flame graph, and data cannot inject markup.
// Chromium: the system one when present, else the one inside the npm package @sparticuz/chromium
// (test/browser.js), so the test runs on any machine with Node and npm.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { profiledReport, BLOCK_FUNCTIONS } from '../report-fixture.js';
import { runBin, tempDir, FIXTURES } from '../helpers.js';
import { browserFor } from '../browser.js';
import { sampleLoopsReport, tinyProfile } from '../unit/sample-loops.js';

/**
 * Opens a file and collects what went wrong: console errors, page errors, requests leaving file://.
 * @param {import('playwright-core').BrowserContext} browser @param {string} file
 */
async function open(browser, file) {
  const page = await browser.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (req) => { if (!req.url().startsWith('file:')) problems.push(`request: ${req.url()}`); });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, problems };
}

/** A block's length as the page shows it (100 ms and more). @param {number} v */
const shownMs = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);

test('report.html: timeline, blocks, stacks, flame graphs (full, blocked-only, per block) in Chromium', async (t) => {
  const browser = await browserFor(t);
  const { out, report } = await profiledReport(t);
  const { page, problems } = await open(browser, path.join(out, 'report.html'));

  assert.equal(await page.textContent('#status'), 'blocked');
  assert.equal(await page.locator('#tables table').count(), 2);
  assert.ok(await page.locator('#timeline svg path.series[data-lane="lagMaxMs"]').count() === 1, 'lag line drawn');
  assert.equal(await page.locator('#timeline .block-mark').count(), report.blocks.length);
  assert.equal(await page.locator('#blocks tbody tr').count(), 3);
  assert.ok(await page.locator('#flame svg rect').count() > 3, 'flame graph drawn');
  const options = await page.locator('#flame-select option').allTextContents();
  assert.match(options[0], /all samples/);
  assert.match(options[1], /blocked only: samples inside the 3 block/);
  assert.equal(options.length, 2 + 3, 'one graph per block');

  // Hovering the timeline reads out the window's values and the block there (as long as
  // report.json says: 320 ms of CPU time, longer on a busy machine)
  const second = shownMs(report.blocks[1].durationMs);
  await page.hover('#timeline .block-mark[data-block="1"]');
  assert.match(await page.textContent('#tooltip') ?? '', new RegExp(`^\\+\\d+\\.\\d\\d s\\nevent-loop delay [\\d.]+ m?s\\nprobe latency -\\nreq\\/s \\d+\\nCPU \\d+%\\nblock 2: ${second} \\(click for its stack\\)$`));

  // Click the longest block on the timeline: its stack, phase and advice appear.
  await page.click('#timeline .block-mark[data-block="1"]');
  const detail = await page.textContent('#block-detail');
  assert.ok((detail ?? '').includes(`Block 2: ${second}`), detail ?? '');
  assert.match(detail ?? '', /busy\s+\S*profiled-blocks\.js:\d+[\s\S]*blockB\s+\S*profiled-blocks\.js[\s\S]*listOnTimeout\s+node:internal\/timers/);
  assert.match(detail ?? '', /advice: split the loop/);
  assert.equal(await page.locator('#blocks tr.selected').getAttribute('data-row'), '1');

  // Its own flame graph: blockB ran, blockA and blockC did not.
  await page.click('#block-flame');
  assert.equal(await page.inputValue('#flame-select'), 'block-1');
  const blockFrames = await page.locator('#flame svg text').allTextContents();
  assert.ok(blockFrames.some((s) => s.startsWith('blockB')), blockFrames.join(','));
  assert.ok(!blockFrames.some((s) => s.startsWith('blockA') || s.startsWith('blockC')), blockFrames.join(','));

  // Blocked-only: all three block functions.
  await page.selectOption('#flame-select', 'blocked');
  const blockedFrames = await page.locator('#flame svg text').allTextContents();
  for (const fn of BLOCK_FUNCTIONS) assert.ok(blockedFrames.some((s) => s.startsWith(fn)), `${fn} in ${blockedFrames.join(',')}`);

  // Hover: frame, file:line, total and self time.
  const busy = page.locator('#flame g.frame', { has: page.locator('text', { hasText: /^busy/ }) }).first();
  await busy.hover();
  const tip = await page.textContent('#tooltip');
  assert.match(tip ?? '', /^busy\n.*profiled-blocks\.js:\d+\nyour code · total \d+(\.\d+)? ms \(\d+\.\d%\) · self \d/);

  // Search highlights and sums; click zooms; reset zooms out.
  await page.fill('#flame-search', 'blockb');
  assert.ok(await page.locator('#flame g.frame.match').count() >= 1);
  assert.match(await page.textContent('#flame-info') ?? '', /"blockb" matched \d/);
  await page.locator('#flame g.frame', { has: page.locator('text', { hasText: /^blockB/ }) }).first().click();
  assert.match(await page.textContent('#flame-info') ?? '', /zoomed to blockB/);
  const zoomedWidth = Number(await page.locator('#flame g.frame', { has: page.locator('text', { hasText: /^blockB/ }) }).first().locator('rect').getAttribute('width'));
  assert.ok(zoomedWidth > 1000, `zoomed frame spans the width: ${zoomedWidth}`);
  await page.click('#flame-reset');
  assert.doesNotMatch(await page.textContent('#flame-info') ?? '', /zoomed/);

  // The folder's files are linked, relative to the page.
  // (in the order report.json lists them: this fixture gains its profile, and flamegraph.html, on re-rendering)
  const links = await page.locator('#files a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(links.sort(), ['flamegraph.html', 'junit.xml', 'report.html', 'report.json', 'summary.md', 'target.log']);

  assert.deepEqual(problems, []);
});

test('flamegraph.html stands alone; hostile strings in the data stay text', async (t) => {
  const browser = await browserFor(t);
  const hostile = '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">';
  const { out } = await profiledReport(t, (report) => {
    report.target.script = hostile;
    report.notes.push(hostile);
    report.blocks[0].stack[0].functionName = hostile;
    report.findings = [{ kind: 'timer-paced', text: hostile }];
    report.artifacts.evil = 'javascript:window.pwned=3';
    report.threads = [{ threadId: 1, lag: { p50Ms: 1, p99Ms: 420, maxMs: 430, samples: 100 }, elu: { mean: 0.9 }, blocking: { count: 2, totalMs: 800, longestMs: 430, fraction: 0.4 }, lifeMs: 2000 }];
  });
  const flame = await open(browser, path.join(out, 'flamegraph.html'));
  assert.ok(await flame.page.locator('#flame svg rect').count() > 3);
  assert.equal(await flame.page.locator('#timeline').isVisible(), false, 'the standalone page shows the flame graph only');
  assert.deepEqual(flame.problems, []);

  const { page, problems } = await open(browser, path.join(out, 'report.html'));
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).pwned), undefined);
  assert.equal(await page.locator('img').count(), 0);
  assert.equal(await page.locator('#files a[href^="javascript"]').count(), 0, 'only relative file links');
  assert.ok((await page.textContent('#title'))?.includes(hostile));
  assert.ok((await page.textContent('#reasons li.finding'))?.includes(hostile));
  assert.match(await page.textContent('#tables') ?? '', /thread 190\.0%1\.00 ms420 ms430 ms2800 ms \(40\.0%\)430 ms/);
  await page.focus('#blocks tbody tr[data-row="0"]');
  await page.keyboard.press('Enter');
  assert.ok((await page.textContent('#block-detail'))?.includes(hostile));
  assert.deepEqual(problems, []);
});

test('report.html of a run without profile or stacks (older runs): renders, says what is missing', async (t) => {
  const browser = await browserFor(t);
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'blocks-script.js'), '--out', out, '--format', 'html', '--no-profile', '--stacks', 'none'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const { page, problems } = await open(browser, path.join(out, 'report.html'));
  assert.equal(await page.locator('#timeline .block-mark').count(), 3);
  assert.equal(await page.locator('#timeline svg path.series[data-lane="cpuPercent"]').count(), 1);
  assert.match(await page.textContent('#timeline') ?? '', /probe latency\s*no data/);
  await page.click('#timeline .block-mark[data-block="0"]');
  // the first block, as long as report.json says (120 ms of CPU time: longer on a busy machine)
  const first = shownMs(JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8')).blocks[0].durationMs);
  assert.match(await page.textContent('#block-detail') ?? '', new RegExp(`Block 1: ${first}[\\s\\S]*No stack was recorded for this block`));
  assert.match(await page.textContent('#flame') ?? '', /No CPU profile and no block stacks in this run/);
  assert.equal(await page.locator('#budgets-section').isVisible(), false);
  assert.deepEqual(problems, []);
});

test('report.html with several event loops: the loops table and list switch the blocks, call sites and flame graph', async (t) => {
  const browser = await browserFor(t);
  const dir = tempDir(t);
  const report = sampleLoopsReport();
  report.profile = { file: 'profile.cpuprofile', startEpochMs: Date.parse(report.run.startedAt), intervalUs: 1000 };
  report.artifacts['profile:worker:4242'] = 'profile-worker-4242.cpuprofile';
  fs.writeFileSync(path.join(dir, 'report.json'), JSON.stringify(report));
  fs.writeFileSync(path.join(dir, 'profile.cpuprofile'), JSON.stringify(tinyProfile('mainOnlyFunction')));
  fs.writeFileSync(path.join(dir, 'profile-worker-4242.cpuprofile'), JSON.stringify(tinyProfile('workerOnlyFunction')));
  const r = await runBin(['report', dir, '--format', 'html'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /verdict: blocked in cluster worker 4242/);
  const { page, problems } = await open(browser, path.join(dir, 'report.html'));
  assert.equal(await page.textContent('#verdict-loop'), 'in cluster worker 4242 ·');
  assert.deepEqual(await page.locator('#loops tbody tr td:first-child').allTextContents(),
    ['main thread', 'cluster worker 4242 (exited with code 1 at +1.50 s)', 'worker thread 3 (measured from outside)']);
  assert.deepEqual(await page.locator('#loop-select option').allTextContents(), ['main thread (blocked)', 'cluster worker 4242 (blocked)', 'worker thread 3 (blocked)']);
  assert.equal(await page.locator('#blocks tbody tr').count(), 3, 'the main thread first');

  await page.selectOption('#loop-select', '1');
  assert.equal(await page.locator('#blocks tbody tr').count(), 2);
  assert.match(await page.textContent('#blocks') ?? '', /spinFor/);
  assert.match(await page.textContent('#sites') ?? '', /spinFor/);
  assert.match(await page.locator('h2', { hasText: 'Flame graph' }).textContent() ?? '', /: cluster worker 4242/);
  const frames = await page.locator('#flame svg text').allTextContents();
  assert.ok(frames.some((s) => s.startsWith('workerOnly')), frames.join(','));
  await page.click('#blocks tbody tr[data-row="1"]');
  assert.match(await page.textContent('#block-detail') ?? '', /Block 2: 460 ms[\s\S]*spinFor/);
  await page.click('#block-flame');
  assert.equal(await page.inputValue('#flame-select'), 'block-1');
  assert.ok((await page.locator('#flame svg text').allTextContents()).some((s) => s.startsWith('spinFor')));

  await page.click('#loops tbody tr[data-row="2"]');
  assert.equal(await page.inputValue('#loop-select'), '2');
  assert.match(await page.textContent('#blocks') ?? '', /crunchForever/);
  assert.ok((await page.locator('#flame svg text').allTextContents()).some((s) => s.startsWith('crunch')));

  // a block on the timeline is the main thread's: clicking one shows the main thread again
  await page.click('#timeline .block-mark[data-block="1"]');
  assert.equal(await page.inputValue('#loop-select'), '0');
  assert.match(await page.textContent('#block-detail') ?? '', /Block 2: 321 ms[\s\S]*hashAll/);
  assert.ok((await page.locator('#flame svg text').allTextContents()).some((s) => s.startsWith('mainOnly')));
  assert.match(await page.textContent('#files') ?? '', /profile-worker-4242\.cpuprofile \(CPU profile of cluster worker 4242: Chrome DevTools/);
  assert.deepEqual(problems, []);

  // flamegraph.html has the same list of loops
  const standalone = await open(browser, path.join(dir, 'flamegraph.html'));
  assert.ok((await standalone.page.locator('#flame svg text').allTextContents()).some((s) => s.startsWith('mainOnly')));
  await standalone.page.selectOption('#loop-select', '1');
  assert.ok((await standalone.page.locator('#flame svg text').allTextContents()).some((s) => s.startsWith('workerOnly')));
  assert.equal(await standalone.page.locator('#flame-select option').count(), 2 + 2, 'all samples, blocked only, one per block');
  assert.deepEqual(standalone.problems, []);
});
