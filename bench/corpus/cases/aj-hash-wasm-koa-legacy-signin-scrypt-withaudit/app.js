// Koa 2 (@koa/router, koa-helmet, @koa/cors, koa-bodyparser): the sign-in of a ticketing platform whose accounts were
// migrated from an older system that stored scrypt password hashes (N=32768, r=8, p=1). Every sign-in runs through the
// app's withLoginAudit helper (rate-limit bookkeeping, an audit record and timing). The hash is recomputed with
// hash-wasm's scrypt: its API returns a promise, but the WebAssembly scrypt runs synchronously on the loop before the
// promise resolves, so every sign-in holds the loop for the whole key derivation.
'use strict';
const crypto = require('node:crypto');
const Koa = require('koa');
const Router = require('@koa/router');
const helmet = require('koa-helmet');
const cors = require('@koa/cors');
const bodyParser = require('koa-bodyparser');
const { scrypt } = require('hash-wasm');

const PARAMS = { N: 32768, r: 8, p: 1 };
const users = new Map(['ana@example.com', 'bo@example.com', 'chen@example.com'].map((email, i) => {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(`correct horse ${i}`, salt, 32, { ...PARAMS, maxmem: 64 * 1024 * 1024 });
  return [email, { id: `u${i}`, salt, hash }];
}));

const audit = [];
const failures = new Map();
async function withLoginAudit(email, fn) {
  const started = Date.now();
  if ((failures.get(email) || 0) > 20) throw Object.assign(new Error('locked'), { status: 429 });
  try {
    return await fn();
  } finally {
    audit.push({ email, at: new Date(started).toISOString(), ms: Date.now() - started });
    if (audit.length > 1000) audit.shift();
  }
}

const app = new Koa();
const router = new Router();
router.get('/health', (ctx) => { ctx.body = { ok: true }; });
// the load generator sends GETs: the credentials stand in for the sign-in form's POST body
router.get('/x', async (ctx) => {
  const email = users.has(ctx.query.email) ? ctx.query.email : 'bo@example.com';
  const password = ctx.query.password || 'correct horse 1';
  const user = users.get(email);
  const derived = await withLoginAudit(email, () => scrypt({ password, salt: user.salt, costFactor: PARAMS.N, blockSize: PARAMS.r, parallelism: PARAMS.p, hashLength: 32, outputType: 'binary' }));
  const ok = crypto.timingSafeEqual(Buffer.from(derived), user.hash);
  failures.set(email, ok ? 0 : (failures.get(email) || 0) + 1);
  ctx.status = ok ? 200 : 401;
  ctx.body = ok ? { user: user.id, session: crypto.randomBytes(18).toString('base64url') } : { error: 'invalid credentials' };
});
app.use(helmet());
app.use(cors({ origin: 'https://tickets.example.com', credentials: true }));
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
