// Koa: the CI service's settings page lets a project add a deploy key (an OpenSSH public key line). The
// key-review endpoint /x takes the key a user pasted (the one pending here was pasted with 5,500 blanks
// between the key and a two-line comment; it is made at start-up) and parses it with sshpk, the key library
// request's http-signature brought into the tree, to check its type and size and show its SHA-256
// fingerprint.
'use strict';
const crypto = require('node:crypto');
const Koa = require('koa');
const sshpk = require('sshpk');

const { publicKey } = crypto.generateKeyPairSync('ed25519');
const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url');
const blob = Buffer.concat([Buffer.from([0, 0, 0, 11]), Buffer.from('ssh-ed25519'), Buffer.from([0, 0, 0, 32]), raw]);
const pasted = `ssh-ed25519 ${blob.toString('base64')}${' '.repeat(5500)}deploy key for build runner 7\nadded from the settings page`;

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const key = sshpk.parseKey(pasted, 'ssh');
  ctx.body = { type: key.type, size: key.size, fingerprint: key.fingerprint('sha256').toString(), comment: key.comment.trim().slice(0, 40) };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
