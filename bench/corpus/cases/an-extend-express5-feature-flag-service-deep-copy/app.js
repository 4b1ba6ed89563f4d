// Express 5: the flag-evaluation endpoint of a SaaS's feature-flag service. A client SDK asks /x for the flags
// of one tenant's user. The app's FlagService keeps the platform defaults (14,000 flags, each with targeting rules
// and variants) and each tenant's overrides; forTenant() builds the tenant's config with extend(true, {}, ...), the
// jQuery-style deep extend that request and many older services depend on, i.e. a full deep copy of every flag and
// rule on every call, and then evaluates the dozen flags the SDK asked for.
'use strict';
const express = require('express');
const extend = require('extend');

const countries = ['DE', 'FR', 'NL', 'US', 'GB', 'PL', 'ES', 'IT'];
const defaults = { version: 912, flags: {} };
for (let i = 0; i < 14000; i++) {
  defaults.flags[`ff_${i}`] = {
    key: `ff_${i}`, on: i % 3 === 0, rollout: { percent: i % 100, seed: `s${i}`, bucketBy: 'userId' },
    rules: [{ attr: 'country', op: 'in', values: countries.slice(0, 1 + (i % 8)) }, { attr: 'plan', op: 'in', values: ['pro', 'team'] }],
    variants: [{ name: 'control', weight: 50, payload: { color: 'blue' } }, { name: 'treatment', weight: 50, payload: { color: 'green' } }],
    tags: ['web', i % 2 ? 'mobile' : 'api'],
  };
}

class FlagService {
  constructor(base, overrides) { this.base = base; this.overrides = overrides; }

  forTenant(tenantId) {
    return extend(true, {}, this.base, this.overrides.get(tenantId) || {});
  }

  evaluate(tenantId, user, keys) {
    const config = this.forTenant(tenantId);
    const out = {};
    for (const key of keys) {
      const f = config.flags[key];
      const ruleOk = f.rules.every((r) => r.values.includes(user[r.attr]));
      out[key] = f.on && ruleOk && (user.bucket % 100) < f.rollout.percent ? f.variants[user.bucket % 2].name : 'off';
    }
    return out;
  }
}

const flags = new FlagService(defaults, new Map([['t_acme', { flags: { ff_12: { on: true }, ff_40: { rollout: { percent: 100 } } } }]]));
const sdkKeys = ['ff_3', 'ff_12', 'ff_40', 'ff_99', 'ff_120', 'ff_333', 'ff_1001', 'ff_2040', 'ff_3003', 'ff_4500', 'ff_5001', 'ff_5999'];

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const user = { userId: req.query.user || 'u_8812', country: 'DE', plan: 'pro', bucket: 37 };
  res.json({ tenant: 't_acme', flags: flags.evaluate(req.query.tenant || 't_acme', user, sdkKeys) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
