// hapi 21: the signing service of a crypto custody desk (the bcoin / hsd stack, whose crypto library is bcrypto).
// Each wallet's master key is stored encrypted, the AES key derived from the wallet's passphrase with scrypt
// (N = 32768, r = 8, p = 1). /wallets/:id/sign unlocks the wallet for one withdrawal: the keystore's unlock derives
// the key with bcrypto's scrypt.derive, decrypts the master key and signs the transaction hash with secp256k1.
// Wallets are made (and sealed, with the asynchronous derivation) at start-up.
'use strict';
const Hapi = require('@hapi/hapi');
const scrypt = require('bcrypto/lib/scrypt');
const aes = require('bcrypto/lib/aes');
const secp256k1 = require('bcrypto/lib/secp256k1');
const sha256 = require('bcrypto/lib/sha256');
const random = require('bcrypto/lib/random');

const KDF = { N: 32768, r: 8, p: 1 };
const keystore = {
  async seal(passphrase, masterKey) {
    const salt = random.randomBytes(32), iv = random.randomBytes(16);
    const key = await scrypt.deriveAsync(Buffer.from(passphrase), salt, KDF.N, KDF.r, KDF.p, 32);
    return { salt, iv, ciphertext: aes.encipher(masterKey, key, iv), publicKey: secp256k1.publicKeyCreate(masterKey, true) };
  },
  unlock(wallet, passphrase) {
    const key = scrypt.derive(Buffer.from(passphrase), wallet.sealed.salt, KDF.N, KDF.r, KDF.p, 32);
    return aes.decipher(wallet.sealed.ciphertext, key, wallet.sealed.iv);
  },
};

const wallets = new Map();

async function start() {
  for (const [i, name] of ['ops', 'payroll', 'treasury', 'exchange', 'fees', 'rewards'].entries()) {
    const passphrase = `correct horse ${i} battery staple`;
    wallets.set(`hot-${name}`, { id: `hot-${name}`, passphrase, sealed: await keystore.seal(passphrase, secp256k1.privateKeyGenerate()) });
  }
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET', path: '/wallets/{id}/sign',
    handler: (request, h) => {
      const wallet = wallets.get(request.params.id);
      if (!wallet) return h.response({ error: 'unknown wallet' }).code(404);
      const tx = { to: request.query.to || 'hs1qz0x9wq4u0p9s8v0y3m3v5h2l7a6n6t0c4d8e2f', value: Number(request.query.value) || 125000, nonce: Date.now() };
      const hash = sha256.digest(Buffer.from(JSON.stringify(tx)));
      const masterKey = keystore.unlock(wallet, wallet.passphrase);
      const signature = secp256k1.signDER(hash, masterKey);
      masterKey.fill(0);
      return { wallet: wallet.id, hash: hash.toString('hex'), signature: signature.toString('hex'), publicKey: wallet.sealed.publicKey.toString('hex') };
    },
  });
  await server.start();
}
start();
