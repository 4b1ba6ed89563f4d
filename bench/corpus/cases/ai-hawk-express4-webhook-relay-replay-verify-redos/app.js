// Express 4 (helmet, cors, compression, morgan to a null stream, express.json): a webhook relay. Partners sign their
// deliveries with Hawk; the edge stores each inbound request as received (method, url, headers) in a queue, and /x is
// the relay's "verify and release" pass over the 30 pending deliveries, which runs Hawk.server.authenticate on each
// stored request. hawk 9.0.0 reads the Host header with a regex that backtracks polynomially (CVE-2022-29167, fixed in
// 9.0.1); one queued delivery carries a Host header of about 700 blanks and a colon, stored as the sender sent it.
'use strict';
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const Hawk = require('hawk');

const partners = new Map(Array.from({ length: 6 }, (_, i) => [`partner-${i}`, { id: `partner-${i}`, key: `k3y-${i}-${'x'.repeat(24)}`, algorithm: 'sha256', user: `p${i}` }]));
const credentialsFunc = (id) => partners.get(id);

const queue = [];
async function fillQueue() {
  for (let i = 0; i < 30; i++) {
    const creds = partners.get(`partner-${i % 6}`);
    const url = `/hooks/orders/${1000 + i}?attempt=1`;
    const host = i === 17 ? `${' '.repeat(700)}:` : 'relay.example.com:443';
    const { header } = Hawk.client.header(`https://relay.example.com${url}`, 'POST', { credentials: creds, ext: `d-${i}` });
    queue.push({ id: `dlv_${i}`, req: { method: 'POST', url, headers: { host, authorization: header, 'content-type': 'application/json' } } });
  }
}

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://partners.example.com' }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.use(express.json());
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', async (req, res) => {
  const results = [];
  for (const d of queue) {
    try {
      const { credentials } = await Hawk.server.authenticate(d.req, credentialsFunc, { localtimeOffsetMsec: 0, timestampSkewSec: 3600 });
      results.push({ id: d.id, partner: credentials.id, status: 'released' });
    } catch (err) {
      results.push({ id: d.id, status: 'rejected', reason: err.output?.payload?.message || err.message });
    }
  }
  res.json({ pending: queue.length, released: results.filter((r) => r.status === 'released').length, results });
});
fillQueue().then(() => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
