// restify: the sync gateway in front of a field-service app's CouchDB. Technicians' tablets sync through it with
// HTTP Basic credentials, and the gateway checks each request against the user documents it mirrors from
// CouchDB's _users database, in CouchDB's own "pbkdf2" scheme (derived_key, salt, iterations), with couch-pwd
// (@sensu/couch-pwd, a fork of the couch-pwd SuperLogin used). After a security review the user docs carry 600,000 iterations;
// couch-pwd's hash runs node:crypto's callback pbkdf2 (HMAC-SHA1, one 20-byte block), one libuv pool job of
// ~100 ms per request while the loop waits. 16 tablets sync at once; /health reads a 1 KB status file through
// the same pool.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const restify = require('restify');
const couchPwd = require('@sensu/couch-pwd');

const statusFile = path.join(__dirname, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'sync-gateway', couch: 'http://couch:5984', pad: 'x'.repeat(940) }));
const users = new Map();
function verify(doc, password) {
  couchPwd.iterations(doc.iterations);
  return new Promise((resolve, reject) => {
    couchPwd.hash(password, doc.salt, (err, key) => (err ? reject(err) : resolve(key === doc.derived_key)));
  });
}
couchPwd.iterations(600000);
const ready = Promise.all([['tech-0417', 'van-7-ladder'], ['tech-0522', 'north-depot-19']].map(([name, password]) => new Promise((resolve) => {
  couchPwd.hash(password, (err, salt, key) => resolve(users.set(name, { _id: `org.couchdb.user:${name}`, name, roles: ['field'], password_scheme: 'pbkdf2', iterations: 600000, salt, derived_key: key })));
})));

function basicAuth(header) {
  const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header || '');
  if (!m) return ['tech-0417', 'van-7-ladder'];
  return Buffer.from(m[1], 'base64').toString().split(':');
}

const server = restify.createServer();
server.use(restify.plugins.queryParser());
server.get('/health', (req, res, next) => {
  fs.promises.readFile(statusFile).then((buf) => { res.setHeader('content-type', 'application/json'); res.end(buf); next(); }, next);
});
server.get('/x', (req, res, next) => {
  const [name, password] = basicAuth(req.headers.authorization);
  ready.then(() => verify(users.get(name), password)).then((ok) => {
    const doc = users.get(name);
    if (!ok) { res.send(401, { error: 'unauthorized' }); return next(); }
    res.send({ ok: true, user: doc.name, roles: doc.roles, db: `userdb-${Buffer.from(doc.name).toString('hex')}`, last_seq: '4821-g1AAAAF' });
    return next();
  }, next);
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
