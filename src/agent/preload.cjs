'use strict';
// Loaded with --require (through NODE_OPTIONS) into the user's process. It stays inert unless
// this is the main thread of the very process the tool started, or of one of its cluster workers:
// child processes inherit the preload and must not start agents of their own. Worker threads
// inherit it too: they stay inert, or with --threads run a thread agent (the recorder for their own
// loop, without a watchdog: a full agent would start workers of its own, forever). With
// `run -- <command>` (npm start, npx tsx ...), every Node.js process of the command is a candidate
// that waits until one listens (candidate.cjs).

const { isMainThread } = require('node:worker_threads');
const { readConfig, markPrimary } = require('./config.cjs');

const config = readConfig(process.env, process.ppid);
if (config && config.role === 'candidate') {
  // a process of `run -- <command>`'s tree: measured only if it turns out to be the app
  if (isMainThread) require('./candidate.cjs').startCandidate(config);
} else if (config && isMainThread) {
  markPrimary(process.env, config);
  require('./recorder.cjs').start(config);
} else if (config && config.threads && config.role === 'main') {
  require('./thread-agent.cjs').startThreadAgent(config);
}
