// Polka: a sign-up endpoint hashes the new password with sodium-native's crypto_pwhash_str (Argon2id
// at RFC 9106's second recommended setting: 3 passes over 64 MiB), using the sync call.
'use strict';
const polka = require('polka');
const sodium = require('sodium-native');

const OPS = 3;
const MEM = 64 * 1024 * 1024;
const signup = { email: 'new.user@example.com', password: 'correct horse battery staple' };

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const out = Buffer.alloc(sodium.crypto_pwhash_STRBYTES);
    sodium.crypto_pwhash_str(out, Buffer.from(signup.password), OPS, MEM);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ email: signup.email, hash: out.toString().replace(/\0+$/, '').slice(0, 32) }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
