'use strict';
// Loaded with --require (through NODE_OPTIONS) into the user's process. It stays inert unless
// this is the main thread of the very process the tool started, or of one of its cluster workers:
// worker threads and other child processes inherit the preload, and must not start agents of their own.

const { isMainThread } = require('node:worker_threads');
const { readConfig, markPrimary } = require('./config.cjs');

const config = isMainThread ? readConfig(process.env, process.ppid) : null;
if (config) {
  markPrimary(process.env, config);
  require('./recorder.cjs').start(config);
}
