// Express 4 (ESM): a B2B shop platform's settings service. A tenant's effective settings are the platform's
// defaults, then its plan's, then the tenant's own overrides, merged with deep-extend into a fresh object so
// that no request can change the shared defaults (the way rc and many config loaders use it). The defaults are
// large: per-market tax tables, shipping matrices (12 zones, 30 weight bands, 3 carriers), checkout texts and
// catalogue rules for 58 markets, and 200 feature flags. /x answers the storefront's "settings for this market"
// call: it merges the whole tree for the tenant on every request and returns the one market's part. The
// defaults, plans and tenants are made at start-up.
import express from 'express';
import deepExtend from 'deep-extend';

const markets = Array.from({ length: 58 }, (_, i) => `m${String(i).padStart(2, '0')}`);
const defaults = {
  markets: Object.fromEntries(markets.map((m, i) => [m, {
    currency: ['EUR', 'GBP', 'CHF', 'SEK', 'PLN'][i % 5], vatIncluded: i % 4 !== 0,
    taxRates: Array.from({ length: 40 }, (_, k) => ({ category: `cat-${k}`, rate: [0, 5, 7, 19, 20, 25][(i + k) % 6], reducedFrom: k % 7 === 0 ? '2025-01-01' : null })),
    shipping: Array.from({ length: 12 * 30 * 3 }, (_, k) => ({ zone: `z${k % 12}`, weightTo: 500 * (1 + (Math.floor(k / 12) % 30)), carrier: ['DHL', 'UPS', 'GLS'][Math.floor(k / 360)], price: { amount: 3.9 + (k % 97) * 0.25, currency: 'EUR' }, etaDays: [1 + (k % 3), 2 + (k % 4)] })),
    checkout: { texts: Object.fromEntries(Array.from({ length: 80 }, (_, k) => [`t${k}`, `Checkout text ${k} for market ${m}, long enough to be a real sentence.`])), steps: ['address', 'shipping', 'payment', 'review'] },
    catalogue: { hiddenCategories: Array.from({ length: 30 }, (_, k) => `c${(i * 7 + k) % 300}`), priceRounding: { mode: 'half-up', step: 0.05 } },
  }])),
  features: Object.fromEntries(Array.from({ length: 200 }, (_, k) => [`feature${k}`, { enabled: k % 3 === 0, rollout: { percent: (k * 7) % 100, segments: ['beta', 'staff'] } }])),
};
const plans = { growth: { features: { feature3: { enabled: true }, feature12: { rollout: { percent: 100 } } } } };
const tenants = new Map([['t-5521', { plan: 'growth', overrides: { markets: { m04: { vatIncluded: true, checkout: { texts: { t3: 'Tenant text' } } } }, features: { feature9: { enabled: true } } } }]]);

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const tenant = tenants.get('t-5521');
  const settings = deepExtend({}, defaults, plans[tenant.plan], tenant.overrides);
  const market = settings.markets.m04;
  res.json({ tenant: 't-5521', market: 'm04', currency: market.currency, vatIncluded: market.vatIncluded, steps: market.checkout.steps, features: Object.keys(settings.features).filter((f) => settings.features[f].enabled).length });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
