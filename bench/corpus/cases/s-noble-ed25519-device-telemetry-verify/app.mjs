// Koa (ESM): the fleet service takes telemetry from field devices in batches. Each reading is signed on the
// device with its Ed25519 key, and /x (the batch ingest) checks every signature with @noble/ed25519 before
// the readings are stored: 48 readings per batch, each verify a pure-JavaScript BigInt point multiplication
// (its SHA-512 is node:crypto's, set once as the library asks). The devices' keys and the batch are made
// at start-up.
import { createHash, randomBytes } from 'node:crypto';
import Koa from 'koa';
import * as ed from '@noble/ed25519';

ed.etc.sha512Sync = (...parts) => createHash('sha512').update(ed.etc.concatBytes(...parts)).digest();

const devices = new Map();
for (let d = 0; d < 6; d++) {
  const secret = randomBytes(32);
  devices.set(`dev-${d}`, { secret, publicKey: ed.getPublicKey(secret) });
}
const batch = Array.from({ length: 48 }, (_, i) => {
  const device = `dev-${i % 6}`;
  const body = JSON.stringify({ device, seq: 1000 + i, at: 1732870000 + i * 15, temp: 18 + (i % 9) / 2, rssi: -60 - (i % 20) });
  return { device, body, signature: Buffer.from(ed.sign(Buffer.from(body), devices.get(device).secret)).toString('hex') };
});

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const accepted = [];
  for (const reading of batch) {
    const ok = ed.verify(reading.signature, Buffer.from(reading.body), devices.get(reading.device).publicKey);
    if (ok) accepted.push(JSON.parse(reading.body));
  }
  ctx.body = { accepted: accepted.length, rejected: batch.length - accepted.length, last: accepted.at(-1) };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
