// restana: the identity service of a hospital group's staff portal. The password-change form asks
// /accounts/:id/password-history-check whether a proposed password was used before: the policy forbids reusing any of
// the last 24. Each stored history entry is a password-hash-and-salt hash (PBKDF2-SHA1, 10,000 iterations), and the
// handler verifies the candidate against all 24 at once; each verification is one crypto.pbkdf2 job on libuv's thread
// pool. A shift change brings many password changes at once; /health reads a 1 KB status file through the same pool.
// Accounts and their history are made at start-up.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const restana = require('restana');
const password = require('password-hash-and-salt');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-'));
const statusFile = path.join(dir, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'staff-identity', site: 'north-campus', pad: 'x'.repeat(940) }));

const hashWith = (pw) => new Promise((resolve, reject) => password(pw).hash((err, h) => (err ? reject(err) : resolve(h))));
const accounts = new Map();
const ready = Promise.all(['nurse.okafor', 'dr.lindqvist', 'porter.byrne', 'pharm.nakamura'].map(async (id, a) => {
  const history = [];
  for (let k = 0; k < 24; k++) history.push(await hashWith(`Ward${a}-Season${k}!`));
  accounts.set(id, { id, history });
}));

function usedBefore(candidate, history) {
  return Promise.all(history.map((stored) => new Promise((resolve, reject) => {
    password(candidate).verifyAgainst(stored, (err, same) => (err ? reject(err) : resolve(same)));
  }))).then((matches) => matches.indexOf(true));
}

const service = restana();
service.use((req, res, next) => { res.setHeader('cache-control', 'no-store'); next(); });
service.get('/health', async (req, res) => res.send(await fs.promises.readFile(statusFile)));
service.get('/accounts/:id/password-history-check', async (req, res) => {
  const account = accounts.get(req.params.id);
  if (!account) return res.send({ error: 'no such account' }, 404);
  const candidate = new URL(req.url, 'http://localhost').searchParams.get('candidate') || 'Ward1-Season30!';
  const index = await usedBefore(candidate, account.history);
  res.send({ account: account.id, checked: account.history.length, reused: index >= 0, generationsAgo: index >= 0 ? account.history.length - index : null });
});
ready.then(() => service.start(Number(process.env.PORT) || 0, '127.0.0.1'));
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
process.on('SIGTERM', () => process.exit(0));
