// A headless Chromium for the browser tests, with nothing but Node and npm installed:
// a system Chromium when there is one ($CHROMIUM_PATH, then /usr/bin/chromium), otherwise the
// headless build inside the npm package @sparticuz/chromium (a devDependency), unpacked once into a
// cache folder outside the repo and the temp folder (~/.cache/eventloop-probe/chromium, or under
// $EVENTLOOP_PROBE_NODE_CACHE, where the test matrix keeps Node 22 and 24) and reused after.
// EVENTLOOP_PROBE_NPM_CHROMIUM=1 skips the system one (to check the npm path on a machine that has both).
// Each launch gets a fresh folder, removed when the test ends: its profile, and its temp folder
// (TMPDIR): Chromium makes short-lived files in the temp folder and deletes them at once, and one
// made just before a browser is closed on a busy machine was left in /tmp.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** @returns {Promise<{executablePath: string, env: NodeJS.ProcessEnv}>} */
async function findChromium() {
  if (!process.env.EVENTLOOP_PROBE_NPM_CHROMIUM) {
    for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium']) {
      if (candidate && fs.existsSync(candidate)) return { executablePath: candidate, env: process.env };
    }
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  packaged.setGraphicsMode = false; // no WebGL: its SwiftShader files would be unpacked too
  // the package unpacks into os.tmpdir(), read at the call: pointed at the cache for it
  const cache = path.join(process.env.EVENTLOOP_PROBE_NODE_CACHE || path.join(os.homedir(), '.cache', 'eventloop-probe'), 'chromium');
  fs.mkdirSync(cache, { recursive: true });
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = cache;
  let executablePath;
  try {
    executablePath = await packaged.executablePath();
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  // the package's fonts.conf names /tmp/fonts and a cache in /tmp: ours names the unpacked fonts here
  const fontconfig = path.join(cache, 'fontconfig');
  fs.mkdirSync(fontconfig, { recursive: true });
  fs.writeFileSync(path.join(fontconfig, 'fonts.conf'), `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${path.join(cache, 'fonts')}</dir>\n  <cachedir>${path.join(cache, 'fonts-cache')}</cachedir>\n</fontconfig>\n`);
  return { executablePath, env: { ...process.env, FONTCONFIG_PATH: fontconfig } };
}

/**
 * A browser context with a 1280x900 viewport, closed and its folder removed when the test ends.
 * @param {import('node:test').TestContext} t
 * @returns {Promise<import('playwright-core').BrowserContext>}
 */
export async function browserFor(t) {
  const { executablePath, env } = await findChromium();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-chromium-'));
  const tmp = path.join(root, 'tmp');
  fs.mkdirSync(tmp);
  const context = await chromium.launchPersistentContext(path.join(root, 'profile'), {
    executablePath, env: { ...env, TMPDIR: tmp }, args: ARGS, viewport: { width: 1280, height: 900 },
  }).catch((error) => {
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  });
  t.after(async () => {
    await context.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  return context;
}
