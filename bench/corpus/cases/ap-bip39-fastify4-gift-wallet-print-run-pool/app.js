// Fastify 4: the issuing service of a crypto gift-card company. Before a retail partner's print run ships, the
// operator verifies it (/x): for each of the sheet's 400 paper wallets the service derives the seed again from the
// card's BIP39 recovery phrase with bip39's mnemonicToSeed (PBKDF2-HMAC-SHA512, 2,048 iterations, through the pbkdf2
// package, which on Node is crypto.pbkdf2 on the libuv pool) and compares its fingerprint with the one recorded at
// issue. All 400 derivations of a run are started at once; /health reads a 1 KB status file through the same pool.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const fastify = require('fastify')({ logger: false });
const bip39 = require('bip39');

const statusFile = path.join(__dirname, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'gift-issuing', region: 'eu-west', pad: 'x'.repeat(940) }));

const fingerprintOf = (seed) => crypto.createHash('sha256').update(seed).digest('hex').slice(0, 16);
async function verifyCard(run, card) {
  const seed = await bip39.mnemonicToSeed(card.mnemonic, run.id);
  return fingerprintOf(seed) === card.fingerprint;
}

const runs = new Map();
const run = { id: 'PR-2025-0611', partner: 'Kiosko Retail', cards: [] };
for (let n = 0; n < 400; n++) {
  const mnemonic = bip39.generateMnemonic(128);
  run.cards.push({ serial: `${run.id}-${String(n).padStart(3, '0')}`, mnemonic, fingerprint: fingerprintOf(bip39.mnemonicToSeedSync(mnemonic, run.id)) });
}
runs.set(run.id, run);

fastify.get('/health', async (req, reply) => reply.type('application/json').send(await fs.promises.readFile(statusFile)));
fastify.get('/x', async (req) => {
  const r = runs.get(req.query.run || 'PR-2025-0611');
  const ok = await Promise.all(r.cards.map((card) => verifyCard(r, card)));
  return { run: r.id, partner: r.partner, cards: ok.length, mismatched: r.cards.filter((_, i) => !ok[i]).map((c) => c.serial) };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
