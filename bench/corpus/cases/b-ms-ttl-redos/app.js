// Polka: an upload service turns the client's requested TTL ("2h", "30m") into milliseconds with
// ms 0.7.0. The stored request carries a crafted TTL: a long run of digits that does not end in a unit.
'use strict';
const polka = require('polka');
const ms = require('ms');

const upload = { id: 'u-118', requestedTtl: '1'.repeat(5500) + 'x' };
const MAX_TTL = ms('7d');

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const ttl = ms(upload.requestedTtl) || MAX_TTL;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ id: upload.id, expiresIn: Math.min(ttl, MAX_TTL) }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
