// Koa: the integration hub of a multi-tenant e-commerce platform. Each tenant's connector credentials (carrier,
// payment and marketplace API keys) are stored encrypted with kruptein, the library connect-mongo uses for its
// sessions; /tenants/:id/connectors decrypts the tenant's 20 credentials, one after the other, to build the clients.
// kruptein 3.4 derives each record's key with crypto.pbkdf2 (20,000 rounds of SHA-384), asynchronously: one job
// on libuv's thread pool per record. /health reads a 1 KB status file through the same pool. Data made at start-up.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const Router = require('@koa/router');
const kruptein = require('kruptein')({ hashing: 'sha384', encodeas: 'base64' });

const statusFile = path.join(__dirname, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'integration-hub', region: 'eu-west', pad: 'x'.repeat(950) }));
const MASTER = process.env.CONNECTOR_SECRET || 'Hub-Connector-Secret#2025!rotate-q3';
const PROVIDERS = ['dhl', 'ups', 'gls', 'dpd', 'postnl', 'stripe', 'adyen', 'paypal', 'klarna', 'amazon', 'ebay', 'zalando', 'otto', 'bol', 'shopify', 'mailchimp', 'klaviyo', 'datev', 'sendcloud', 'avalara'];

const seal = (plain) => new Promise((resolve, reject) => kruptein.set(MASTER, plain, (err, ct) => (err ? reject(new Error(err)) : resolve(ct))));
const open = (sealed) => new Promise((resolve, reject) => kruptein.get(MASTER, sealed, (err, pt) => (err ? reject(new Error(err)) : resolve(JSON.parse(pt)))));

const tenants = new Map();
async function loadConnectors(tenant) {
  const out = [];
  for (const c of tenant.connectors) out.push({ provider: c.provider, enabled: c.enabled, credentials: await open(c.sealed) });
  return out;
}

const router = new Router();
router.get('/health', async (ctx) => { ctx.type = 'application/json'; ctx.body = await fs.promises.readFile(statusFile); });
router.get('/tenants/:id/connectors', async (ctx) => {
  const tenant = tenants.get(ctx.params.id);
  if (!tenant) ctx.throw(404, 'unknown tenant');
  const connectors = await loadConnectors(tenant);
  ctx.body = { tenant: tenant.id, connectors: connectors.map((c) => ({ provider: c.provider, enabled: c.enabled, account: c.credentials.account, key: `${c.credentials.apiKey.slice(0, 4)}…${c.credentials.apiKey.slice(-4)}` })) };
});

async function start() {
  for (let t = 0; t < 4; t++) {
    const id = `TN-${1040 + t}`;
    const connectors = await Promise.all(PROVIDERS.map(async (provider, i) => ({ provider, enabled: (i + t) % 5 !== 0,
      sealed: await seal(JSON.stringify({ account: `${provider}-${id}-${100 + i}`, apiKey: `${provider.slice(0, 3)}_live_${(i * 7919 + t * 104729).toString(36).padStart(12, '0')}${'k'.repeat(24)}`, webhookSecret: `whsec_${i}${t}${'s'.repeat(30)}` })) })));
    tenants.set(id, { id, connectors });
  }
  const app = new Koa();
  app.use(router.routes());
  app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
start();
