// Hono on node (ESM): the permission service behind a document list. Admins write access policies in CEL
// (the Common Expression Language); /x answers the UI's bulk check "which of these 80 documents may this
// user open", testing each document against the 32 policies with evaluate(policy, context), which lexes
// and parses the policy text and type-checks the new tree before it evaluates it.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { evaluate } from '@marcbachmann/cel-js';

const policies = Array.from({ length: 32 }, (_, i) => (i % 8 === 7 ? {
  id: `pol-${i}`, effect: 'deny',
  expr: `resource.labels.exists(l, l == "legal-hold" || l == "secret-${i % 3}") && !principal.roles.exists(r, r == "legal" || r == "dpo-${i % 4}") && ` +
    `request.action in ["read", "list", "export"] && (resource.path.startsWith("/tenants/" + principal.tenant) || resource.owner != principal.id) && request.hour >= 0`,
} : {
  id: `pol-${i}`, effect: 'allow',
  expr: `request.action in ["read", "list"${i % 2 ? ', "export"' : ''}] && resource.path.startsWith("/tenants/" + principal.tenant) && ` +
    `(principal.roles.exists(r, r == "admin" || r == "editor-${i % 5}") || resource.owner == principal.id || ` +
    `resource.shared.exists(s, s == principal.team)) && resource.size < ${1000000 + i * 5000} && ` +
    `!(resource.labels.exists(l, l == "legal-hold" || l == "secret-${i % 3}")) && principal.mfa == true && request.hour >= ${i % 6}`,
}));
const principal = { id: 'u-42', tenant: 't7', team: 'team-3', roles: ['viewer', 'editor-2'], mfa: true };
const documents = Array.from({ length: 80 }, (_, d) => ({
  path: `/tenants/t${d % 9 ? 7 : 8}/docs/${d}`, owner: `u-${d % 50}`, size: 1000 * d,
  shared: [`team-${d % 6}`, 'team-9'], labels: d % 13 ? ['draft'] : ['legal-hold'],
}));

function decide(resource) {
  const context = { principal, resource, request: { action: 'read', hour: new Date().getUTCHours() } };
  const matched = [];
  for (const p of policies) {
    if (evaluate(p.expr, context) === true) matched.push(p);
  }
  return { path: resource.path, allow: matched.some((p) => p.effect === 'allow') && !matched.some((p) => p.effect === 'deny'), matched: matched.map((p) => p.id) };
}

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const decisions = documents.map(decide);
  return c.json({ checked: decisions.length, visible: decisions.filter((d) => d.allow).length, audit: decisions.slice(0, 3) });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
