// restana: the API gateway in front of a document-management SaaS. Each tenant's access rules are stored as URL
// patterns (hostname and pathname, with named groups and regexp parts) next to the role they grant; the app's
// AccessPolicy checks a request by building a URLPattern (urlpattern-polyfill, the WHATWG URLPattern for runtimes
// without it) from every rule of the tenant and testing the request's URL against it, on every request. The tenant
// below has 3,000 rules (its projects, shared folders and report archives); rules are made at start-up.
'use strict';
const restana = require('restana');
const { URLPattern } = require('urlpattern-polyfill/urlpattern');

const RESOURCES = ['projects/:project(\\d+)/files/*', 'projects/:project(\\d+)/reviews/:review', 'folders/:folder/shares{/:share}?', 'reports/:year(\\d{4})/:month(\\d{2})/*'];
const rules = new Map([['acme', Array.from({ length: 3000 }, (_, i) => ({
  id: `R-${5000 + i}`, role: ['viewer', 'editor', 'owner'][i % 3],
  hostname: i % 5 ? '{:region.}?acme.docs.example.com' : `team${i}.acme.docs.example.com`,
  pathname: `/api/v${(i % 3) + 1}/tenants/acme/${RESOURCES[i % 4].replace(':project(', `:project${i % 7}(`)}`,
}))]]);

const AccessPolicy = {
  grants(tenant, url) {
    const granted = [];
    for (const rule of rules.get(tenant) || []) {
      const pattern = new URLPattern({ hostname: rule.hostname, pathname: rule.pathname });
      if (pattern.test(url)) granted.push({ rule: rule.id, role: rule.role });
    }
    return granted;
  },
};

const service = restana();
service.use((req, res, next) => {
  if (req.url === '/health') return next();
  const grants = AccessPolicy.grants('acme', `https://eu.acme.docs.example.com${req.url}`);
  if (!grants.length) return res.send({ error: 'forbidden' }, 403);
  req.grants = grants;
  return next();
});
service.get('/health', (req, res) => res.send('ok'));
service.get('/api/v2/tenants/acme/projects/:project/files/*', (req, res) => {
  res.send({ project: req.params.project, file: req.url.split('/files/')[1], roles: [...new Set(req.grants.map((g) => g.role))], rules: req.grants.length });
});
service.start(Number(process.env.PORT) || 0, '127.0.0.1');
