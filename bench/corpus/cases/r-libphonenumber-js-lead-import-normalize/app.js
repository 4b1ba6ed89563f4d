// restify, bundled and minified with esbuild (dtrace-provider, restify's optional native probe, left
// external): a sales team's lead intake. Leads arrive from web forms and trade-show scanners in batches;
// /x normalizes the latest batch's 2,000 phone numbers with libphonenumber-js (its "max" metadata, for the
// number type): parse with the lead's country as default, validate, tell mobile from fixed line and format
// as E.164 for the dialer and internationally for the CRM. The batch is made at start-up.
'use strict';
const restify = require('restify');
const { parsePhoneNumberFromString } = require('libphonenumber-js/max');

const samples = [
  ['DE', (i) => `030 ${String(2000000 + i * 37).slice(0, 7)}`], ['DE', (i) => `+49 171 ${String(1000000 + i * 53).slice(0, 7)}`],
  ['GB', (i) => `020 7946 ${String(i % 10000).padStart(4, '0')}`], ['GB', (i) => `07700 9${String(i % 100000).padStart(5, '0')}`],
  ['US', (i) => `(415) 555-${String(i % 10000).padStart(4, '0')}`], ['FR', (i) => `06 12 ${String(i % 100).padStart(2, '0')} 34 56`],
  ['CH', (i) => `044 668 ${String(i % 100).padStart(2, '0')} ${String(i % 90 + 10)}`], ['AT', (i) => `+43 664 ${1000000 + i}`],
  ['NL', (i) => `020-${5550000 + i}`], ['IT', (i) => `+39 06 6982 ${String(i % 10000).padStart(4, '0')}`],
];
const batch = Array.from({ length: 2000 }, (_, i) => {
  const [country, make] = samples[i % samples.length];
  return { leadId: `L-${700000 + i}`, country, phone: i % 41 === 0 ? `call me: ${i}` : make(i) };
});

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send('ok'); next(); });
server.get('/x', (req, res, next) => {
  const out = batch.map((lead) => {
    const p = parsePhoneNumberFromString(lead.phone, lead.country);
    return p && p.isValid() ? { leadId: lead.leadId, e164: p.number, display: p.formatInternational(), type: p.getType() || 'unknown' } : { leadId: lead.leadId, invalid: lead.phone };
  });
  res.send({ normalized: out.filter((o) => o.e164).length, invalid: out.filter((o) => o.invalid).length, sample: out.slice(0, 25) });
  next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
