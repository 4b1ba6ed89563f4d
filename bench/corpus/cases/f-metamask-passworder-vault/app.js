// Fastify 5: a wallet service's backup endpoint encrypts a user's vault (keyrings and accounts) into
// the format MetaMask's KeyringController reads, with @metamask/browser-passworder. encrypt() imports
// the password as a WebCrypto key and, after that await, derives the AES-GCM key with
// crypto.subtle.deriveKey: PBKDF2-SHA256 at the library's default 900,000 iterations, a job on libuv's
// pool. The loop stays free, but 16 backups at once keep the pool's 4 threads busy.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Fastify = require('fastify');
const { encrypt } = require('@metamask/browser-passworder');

const statusFile = path.join(__dirname, 'status.json');
let seed = 29;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const words = ['abandon', 'ability', 'able', 'about', 'above', 'absent', 'absorb', 'abstract', 'absurd', 'abuse', 'access', 'accident'];
const vaults = Array.from({ length: 200 }, (_, u) => ({
  user: `user-${u}`,
  passphrase: `${words[rnd(12)]}-${words[rnd(12)]}-${rnd(1e6)}`,
  keyrings: [
    { type: 'HD Key Tree', data: { mnemonic: Array.from({ length: 12 }, () => words[rnd(12)]).join(' '), numberOfAccounts: 1 + rnd(5), hdPath: "m/44'/60'/0'/0" } },
    { type: 'Simple Key Pair', data: Array.from({ length: 2 }, () => rnd(2147483647).toString(16).padStart(8, '0').repeat(8)) },
  ],
}));
let seq = 0;

const fastify = Fastify();
fastify.get('/health', async (req, reply) => reply.type('application/json').send(await fs.promises.readFile(statusFile)));
fastify.get('/x', (req, reply) => {
  const v = vaults[seq++ % vaults.length];
  return encrypt(v.passphrase, v.keyrings).then((vault) => ({ user: v.user, vault }));
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
