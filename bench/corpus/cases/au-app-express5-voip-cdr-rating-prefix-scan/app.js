// Express 5 with helmet, cors, compression and express-rate-limit: the billing API of a business VoIP carrier. The
// customer portal's "today's calls" page (/accounts/:id/calls/rated) prices the account's calls so far today (5,000
// for a contact-centre customer): each call is matched to the carrier's rate deck (6,000 destination prefixes, from
// country codes to number ranges) by the longest prefix of the dialled number, which the app finds in its own loop
// by scanning the whole deck for every call, then charges the billed seconds in 6-second increments. The rate deck
// and the day's calls are made at start-up.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const { rateLimit } = require('express-rate-limit');

const countries = ['1', '44', '49', '33', '34', '39', '31', '46', '353', '61', '91', '81', '55', '52', '27'];
const rateDeck = [];
for (let i = 0; rateDeck.length < 6000; i++) {
  const cc = countries[i % countries.length];
  const extra = String((i * 7919) % 100000).slice(0, 1 + (i % 5));
  rateDeck.push({ prefix: cc + (i % 7 ? extra : ''), name: `${cc}-${i % 7 ? 'mobile' : 'fixed'}-${i}`, perMinute: 0.004 + ((i * 37) % 300) / 1000, setup: i % 9 ? 0 : 0.02 });
}
const accounts = new Map(Array.from({ length: 50 }, (_, a) => [`ACC-${2000 + a}`, {
  id: `ACC-${2000 + a}`, name: `Customer ${a}`, markup: 1.15 + (a % 4) * 0.05,
  calls: Array.from({ length: 5000 }, (_, i) => ({ id: `CDR-${a}-${i}`, dialled: countries[(i + a) % countries.length] + String(100000000 + ((i * 104729 + a * 31) % 899999999)), seconds: 5 + ((i * 53) % 900) })),
}]));

function rateCalls(account) {
  let total = 0;
  const rated = [];
  for (const call of account.calls) {
    let best = null;
    for (const r of rateDeck) if (call.dialled.startsWith(r.prefix) && (!best || r.prefix.length > best.prefix.length)) best = r;
    if (!best) { rated.push({ id: call.id, dialled: call.dialled, error: 'no rate' }); continue; }
    const billed = Math.ceil(call.seconds / 6) * 6;
    const charge = Math.round((best.setup + (billed / 60) * best.perMinute * account.markup) * 10000) / 10000;
    total += charge;
    rated.push({ id: call.id, dialled: call.dialled, destination: best.name, billed, charge });
  }
  return { total: Math.round(total * 100) / 100, rated };
}

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://portal.brightvoice.example', credentials: true }));
app.use(compression());
app.use(rateLimit({ windowMs: 60_000, limit: 10_000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/accounts/:id/calls/rated', (req, res) => {
  const account = accounts.get(req.params.id);
  if (!account) return res.status(404).json({ error: 'unknown account' });
  const { total, rated } = rateCalls(account);
  res.json({ account: account.id, calls: rated.length, total, currency: 'GBP', rated: rated.slice(0, 200) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
