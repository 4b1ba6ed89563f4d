// The built-in demo: the server of the article "How even quick Node.js async functions can block the
// Event-Loop" (Michael Gokhman, Snyk, 2019,
// https://snyk.io/blog/nodejs-how-even-quick-async-functions-can-block-the-event-loop-starve-io/).
// /healthcheck answers at once; /compute-sync hashes random strings in one
// synchronous loop and blocks every other request while it runs.
//   node scenarios/demo-server.js            (PORT from the environment, default 1337)
//   GET /compute-sync?rounds=50000           (rounds of sha256.update(100 random bytes as hex))
//   GET /scenario/<name>?rounds=200000&budget=3000
//                                            the same work scheduled as scenario <name> (see
//                                            scenarios/index.cjs), stopped after `budget` ms;
//                                            answers {scenario, rounds, ms} as JSON

import http from 'node:http';
import crypto from 'node:crypto';
import scenarios from './index.cjs';

const DEFAULT_ROUNDS = 50_000;

/** @param {number} rounds */
function computeSync(rounds) {
  const hash = crypto.createHash('sha256');
  for (let i = 0; i < rounds; i++) hash.update(crypto.randomBytes(100).toString('hex'));
  return hash.digest('hex');
}

/** @param {URL} url */
function rounds(url) {
  const n = Number(url.searchParams.get('rounds') ?? DEFAULT_ROUNDS);
  return Number.isInteger(n) && n > 0 && n <= 1e8 ? n : DEFAULT_ROUNDS;
}

/**
 * @param {import('./index.cjs').Scenario} scenario
 * @param {URL} url
 * @param {http.ServerResponse} response
 */
function runScenario(scenario, url, response) {
  const budget = Number(url.searchParams.get('budget'));
  const started = performance.now();
  scenario.run({ rounds: rounds(url), budgetMs: budget > 0 ? budget : undefined }).then(
    (done) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ scenario: scenario.name, rounds: done, ms: Math.round(performance.now() - started) }) + '\n');
    },
    (error) => {
      response.statusCode = 500;
      response.end(`${error.message}\n`);
    },
  );
}

const server = http.createServer(function handle(request, response) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthcheck') return response.end('all good!\n');
  if (url.pathname === '/compute-sync') return response.end(computeSync(rounds(url)) + '\n');
  const scenario = url.pathname.startsWith('/scenario/') ? scenarios.loadScenario(url.pathname.slice(10)) : null;
  if (scenario) return runScenario(scenario, url, response);
  response.statusCode = 404;
  response.end('not found\n');
});

server.listen(Number(process.env.PORT ?? 1337), () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`demo server listening on :${address.port}`);
});
