// express, compiled with Babel as the team ships it (babel.config.json: preset-env for the storefront's browsers,
// which include Safari 10, and transform-runtime): a marketing platform's campaign links. The link parser below is
// shared with the storefront, so Babel rewrites its named-group regex into @babel/runtime's wrapRegExp helper, whose
// replace() turns "$<name>" in the replacement into "$n" with /\$<([^>]+)>/g. Each tenant types the rewrite template
// that maps a storefront path to its tracking URL; one tenant's imported template ends in 2,200 "$<" with no ">" (a
// broken merge field export), so every rewrite with it rescans the rest of the template from each "$<"
// (CVE-2025-27789). /x previews that tenant's campaign: its 14 links rewritten. Made at start-up.
'use strict';
const express = require('express');

const STORE_PATH = /^\/(?<lang>[a-z]{2})\/(?<section>[a-z-]+)\/(?<slug>[\w-]+)$/;

const tenants = new Map();
for (let t = 0; t < 20; t++) {
  const template = `https://t${t}.example-shop.com/$<lang>/$<section>/$<slug>?utm_source=newsletter&utm_campaign=winter-$<lang>` +
    (t === 13 ? `&ref=${'$<'.repeat(2200)}` : `&ref=$<slug>`);
  const links = Array.from({ length: 14 }, (_, i) => ({ id: `lnk_${t}_${i}`,
    path: `/${['nl', 'de', 'fr', 'en'][i % 4]}/${['coffee', 'tea', 'gift-sets', 'brewing-gear'][i % 4]}/item-${100 + i}` }));
  tenants.set(`tenant_${t}`, { template, links });
}
const preview = ['tenant_13', 'tenant_13', 'tenant_2', 'tenant_13'];
let next = 0;

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const tenantId = preview[next++ % preview.length];
  const tenant = tenants.get(tenantId);
  const rewritten = [];
  for (const link of tenant.links) {
    const url = link.path.replace(STORE_PATH, tenant.template);
    rewritten.push({ id: link.id, from: link.path, to: url.slice(0, 200) });
  }
  res.json({ tenant: tenantId, links: rewritten });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
