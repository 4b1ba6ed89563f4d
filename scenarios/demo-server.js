// The built-in demo: the server of the seed article "How even quick async functions can block the
// event loop". /healthcheck answers at once; /compute-sync hashes random strings in one
// synchronous loop and blocks every other request while it runs.
//   node scenarios/demo-server.js            (PORT from the environment, default 1337)
//   GET /compute-sync?rounds=50000           (rounds of sha256.update(100 random bytes as hex))

import http from 'node:http';
import crypto from 'node:crypto';

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

const server = http.createServer(function handle(request, response) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthcheck') return response.end('all good!\n');
  if (url.pathname === '/compute-sync') return response.end(computeSync(rounds(url)) + '\n');
  response.statusCode = 404;
  response.end('not found\n');
});

server.listen(Number(process.env.PORT ?? 1337), () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`demo server listening on :${address.port}`);
});
