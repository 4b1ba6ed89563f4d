// Hono on @hono/node-server: a CRM's contact export for the dialer. /x returns the 3,500 contacts of a campaign with
// each phone number normalized by google-libphonenumber on the way out: parse with the contact's country, check it
// is valid, classify it (mobile / fixed line / ...) and format it as E.164. The numbers are ordinary, as sales
// reps typed them (national and international forms), made at start-up.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { PhoneNumberUtil, PhoneNumberFormat, PhoneNumberType } = require('google-libphonenumber');

const phoneUtil = PhoneNumberUtil.getInstance();
const typeName = Object.fromEntries(Object.entries(PhoneNumberType).map(([k, v]) => [v, k.toLowerCase()]));
const forms = [
  (i) => ['GB', `020 7946 ${String(1000 + i).slice(-4)}`], (i) => ['GB', `+44 7700 900${String(100 + (i % 900))}`],
  (i) => ['US', `(415) 555-${String(2000 + i).slice(-4)}`], (i) => ['DE', `030 ${1234500 + i}`],
  (i) => ['FR', `01 42 68 ${String(10 + (i % 90))} ${String(10 + (i % 89))}`], (i) => ['NL', `06 ${12345000 + i}`],
];
for (const f of forms) { const [cc, p] = f(0); phoneUtil.isValidNumber(phoneUtil.parse(p, cc)); } // load each region's metadata once
const contacts = Array.from({ length: 17500 }, (_, i) => {
  const [country, phone] = forms[i % forms.length](i);
  return { id: i + 1, campaign: `c${i % 5}`, name: `Lead ${i}`, country, phone };
});

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const campaign = c.req.query('campaign') || 'c2';
  const out = [];
  for (const ct of contacts) {
    if (ct.campaign !== campaign) continue;
    const n = phoneUtil.parseAndKeepRawInput(ct.phone, ct.country), valid = phoneUtil.isValidNumber(n), type = phoneUtil.getNumberType(n), e164 = phoneUtil.format(n, PhoneNumberFormat.E164);
    out.push({ id: ct.id, name: ct.name, valid, type: typeName[type], e164 });
  }
  return c.json({ campaign, contacts: out.length, rows: out });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
