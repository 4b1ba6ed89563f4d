// Express 5: a document service's access control, written as a middleware the team registers with app.use
// before the routers so that every route is covered. Each tenant keeps its rules as globs over the API's
// paths (the admin UI writes them: "/docs/finance/**", "/x/*/drafts/**", ...), and the middleware asks
// picomatch whether the request's path matches each rule of the caller's tenant: picomatch.isMatch compiles
// the glob into a regular expression on every call. The big tenant has 2,400 rules. Made at start-up.
'use strict';
const express = require('express');
const picomatch = require('picomatch');

const folders = ['finance', 'legal', 'hr', 'sales', 'ops', 'board', 'press', 'it'];
const rules = Array.from({ length: 2400 }, (_, i) => ({
  glob: i % 3 === 0 ? `/docs/${folders[i % 8]}/team-${i % 97}/**/*.{pdf,docx,xlsx}` : i % 3 === 1 ? `/x/*/drafts/${folders[i % 8]}-${i}/**` : `/api/v{1,2}/${folders[i % 8]}/!(archive)/**/item-${i}`,
  effect: i % 11 === 0 ? 'deny' : 'allow', role: ['editor', 'viewer', 'owner'][i % 3],
}));
const tenants = new Map([['acme', rules]]);

const app = express();
app.get('/health', (req, res) => { res.send('ok'); }); // the load balancer's check, before access control
app.use((req, res, next) => {
  const tenantRules = tenants.get(req.get('x-tenant') || 'acme') || [];
  const matched = tenantRules.filter((r) => picomatch.isMatch(req.path, r.glob, { dot: true }));
  if (matched.some((r) => r.effect === 'deny')) return res.status(403).json({ error: 'forbidden' });
  res.locals.grants = matched.map((r) => r.role);
  next();
});
app.get('/x', (req, res) => { res.json({ documents: 12, grants: res.locals.grants }); });
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
