// Polka: the admin API of an internal API gateway. Support staff use the "explain access" panel (/x) to see
// which of a role's access rules match an upstream path and which parameters each rule captures. The support
// role has 4,800 rules (one per tenant and service, generated into the gateway config) written as url-pattern
// patterns; the explain handler builds a UrlPattern from every rule's pattern on each request and matches the
// path against it.
'use strict';
const polka = require('polka');
const helmet = require('helmet');
const UrlPattern = require('url-pattern');

const services = ['billing', 'invoices', 'orders', 'customers', 'catalog', 'shipping', 'returns', 'payouts', 'reports', 'webhooks', 'users', 'audit'];
const shapes = [
  (t, s) => `/api/v:version/tenants/${t}/${s}(/:id)(.:format)`,
  (t, s) => `/api/v:version/tenants/${t}/${s}/:id/items(/:item)`,
  (t, s) => `/api/v:version/tenants/${t}/${s}/search(/:facet)(/page/:page)`,
  (t, s) => `/api/v:version/tenants/${t}/${s}/:id/events(/:event)(.:format)`,
];
// the gateway config is generated: one rule per tenant the support role may see and service, 400 x 12
const tenants = Array.from({ length: 400 }, (_, i) => (i === 313 ? 'acme-gmbh' : `tenant-${1000 + i}`));
const roles = new Map([['support', tenants.flatMap((t, ti) => services.map((s, si) => ({ id: `rule-${ti}-${si}`, effect: s === 'payouts' ? 'deny' : 'allow',
  methods: si % 3 ? ['GET'] : ['GET', 'POST'], pattern: shapes[(ti + si) % shapes.length](t, s) })))]]);

function explain(rules, path) {
  const matches = [];
  for (const rule of rules) {
    const params = new UrlPattern(rule.pattern).match(path);
    if (params) matches.push({ rule: rule.id, effect: rule.effect, methods: rule.methods, params });
  }
  return matches;
}

polka()
  .use(helmet())
  .get('/health', (req, res) => { res.end('ok'); })
  .get('/x', (req, res) => {
    const role = req.query.role || 'support';
    const path = req.query.path || '/api/v2/tenants/acme-gmbh/orders/SO-2024-0042/events/shipped.json';
    const matches = explain(roles.get(role), path);
    const allowed = matches.length > 0 && matches.every((m) => m.effect === 'allow');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ role, path, allowed, matches }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
