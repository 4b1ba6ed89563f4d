// Fastify: a CDN control plane turns each site's saved purge rules (brace patterns such as
// /assets/{css,js}/app.*) into the literal prefixes the CDN accepts, with micromatch.braces, on every purge
// plan. One site's rule, saved through the settings API, is a run of 7,000 "{" (CVE-2024-4067, micromatch 4.0.7).
'use strict';
const fastify = require('fastify')();
const micromatch = require('micromatch');

const sites = [];
for (let i = 0; i < 200; i++) {
  sites.push({ id: `site-${i}`, rules: [`/assets/{css,js}/app-${i}.*`, `/img/{thumbs,full}/{2023,2024}/*`, `/p/${i}/index.html`] });
}
sites[137].rules.push(`/cms/${'{'.repeat(7000)}`);

fastify.get('/health', async () => 'ok');

fastify.get('/x', async () => {
  let prefixes = 0;
  for (const site of sites) {
    for (const rule of site.rules) {
      prefixes += micromatch.braces(rule, { expand: true }).length;
    }
  }
  return { sites: sites.length, prefixes };
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
