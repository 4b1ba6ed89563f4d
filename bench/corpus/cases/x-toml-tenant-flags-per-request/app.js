// Express: a feature-flag service keeps each tenant's rollout rules as the TOML file its ops team edits in
// the admin UI (about 3.5 KB, 20 [[flag]] tables), and /x parses the tenant's TOML again with toml 3.0.0
// on every evaluation request instead of keeping the parsed rules.
'use strict';
const express = require('express');
const toml = require('toml');

const tenants = new Map();
for (let t = 0; t < 20; t++) {
  let src = `tenant = "acme-${t}"\nupdated = 2024-06-0${1 + (t % 9)}T09:30:00Z\n\n[defaults]\nsticky = true\nsalt = "s${t}"\n`;
  for (let i = 0; i < 20; i++) {
    src += `\n[[flag]]\nkey = "checkout-v${i}"\nenabled = ${i % 3 !== 0}\nrollout = ${(i * 8) % 100}\nsegments = ["beta", "staff", "region-${i % 4}"]\n` +
      `owner = "team-${i % 5}@example.com"\n[flag.variants]\ncontrol = ${50 - i}\ntreatment = ${50 + i}\n`;
  }
  tenants.set(`acme-${t}`, src);
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const tenant = `acme-${Math.floor(Math.random() * 20)}`;
  const rules = toml.parse(tenants.get(tenant));
  const on = rules.flag.filter((f) => f.enabled && f.rollout >= 40).map((f) => f.key);
  res.json({ tenant: rules.tenant, flags: rules.flag.length, on });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
