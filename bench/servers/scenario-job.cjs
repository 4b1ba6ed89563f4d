'use strict';
// One scenario job in a fresh process, printed as JSON: node scenario-job.cjs <name> <rounds> <budgetMs> <meter 0|1>
// With meter=1 the agent's work meter listens on the work channel, as under eventloop-probe.

const { loadScenario } = require('../../scenarios/index.cjs');
const { WorkMeter } = require('../../src/agent/work-meter.cjs');

const [name, rounds, budgetMs, meter] = process.argv.slice(2);
const scenario = loadScenario(name);
if (!scenario) throw new Error(`unknown scenario ${name}`);
if (meter === '1') new WorkMeter(100).start();
const started = performance.now();
scenario.run({ rounds: Number(rounds), budgetMs: Number(budgetMs) }).then((done) => {
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ rounds: done, ms, roundsPerSec: (done / ms) * 1000 }) + '\n');
  process.exit(0);
});
