// Koa: the internal registry mirror audits every uploaded package-lock before it lets a build use it.
// /x re-checks the integrity of the latest upload's 300 entries with ssri 8.0.0 (the major cacache 15 and
// pacote 11 depend on) in strict mode, which accepts only the standard "<algo>-<base64>" form and a '?' options
// list of visible ASCII. One entry of the uploaded lockfile was crafted: a valid sha512 digest followed by
// 23 '?' and one non-ASCII letter. The lockfile is made at start-up.
'use strict';
const crypto = require('node:crypto');
const Koa = require('koa');
const ssri = require('ssri');

const entries = Array.from({ length: 300 }, (_, i) => {
  const tarball = `package-${i}@${1 + (i % 7)}.${i % 13}.${i % 5}`;
  return { name: `node_modules/pkg-${i}`, integrity: `sha512-${crypto.createHash('sha512').update(tarball).digest('base64')}` };
});
entries[217].integrity = `${entries[217].integrity}${'?'.repeat(23)}\u00e9`;

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  const rejected = [];
  for (const entry of entries) {
    const sri = ssri.parse(entry.integrity, { strict: true });
    if (!sri || !sri.sha512) rejected.push(entry.name);
  }
  ctx.body = { checked: entries.length, rejected };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
