#!/usr/bin/env node
// `npm run bench:flame-setup`: installs @platformatic/flame (Node >= 22.6) into the same cache
// folder as the test matrix's Node binaries, so bench/overhead.js can run it under Node 24
// beside the other profilers. Not a dependency of the project.

import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const CACHE = process.env.EVENTLOOP_PROBE_NODE_CACHE || path.join(os.homedir(), '.cache', 'eventloop-probe');
const prefix = path.join(CACHE, 'flame');
const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, '@platformatic/flame@1'], { stdio: 'inherit' });
process.exitCode = r.status ?? 1;
