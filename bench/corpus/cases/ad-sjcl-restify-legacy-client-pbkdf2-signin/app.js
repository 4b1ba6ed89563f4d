// restify 11: sign-in for accounts that came over from the old browser client, which stored a
// PBKDF2-HMAC-SHA256 verifier (40,000 iterations, 256-bit key) computed with sjcl. The server kept sjcl
// to check them: /x recomputes the verifier with sjcl.misc.pbkdf2, pure JavaScript on the event loop,
// for every sign-in attempt (the user's row is made here at start-up).
'use strict';
const restify = require('restify');
const sjcl = require('sjcl');

const ITERATIONS = 40000;
function verifier(password, saltHex) {
  return sjcl.codec.hex.fromBits(sjcl.misc.pbkdf2(password, sjcl.codec.hex.toBits(saltHex), ITERATIONS, 256));
}
const user = { email: 'ines@example.com', salt: '9f86d081884c7d659a2feaa0c55ad015', verifier: '' };
user.verifier = verifier('correct horse battery staple', user.salt);
let attempt = 0;

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send({ ok: true }); next(); });
server.get('/x', (req, res, next) => {
  const password = attempt++ % 4 === 3 ? 'wrong horse' : 'correct horse battery staple';
  const ok = verifier(password, user.salt) === user.verifier;
  res.send(ok ? 200 : 401, { ok });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
