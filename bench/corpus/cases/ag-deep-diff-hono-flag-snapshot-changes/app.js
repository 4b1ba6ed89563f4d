// Hono: a feature-flag service keeps every published snapshot of a project's flag configuration (10,000 flags with
// their targeting rules, ~2.3 MB as JSON). The dashboard's "what changed" panel calls /x, which runs deep-diff over
// the two latest snapshots on every view, although published snapshots never change: the diff of a pair could be
// computed once, at publish time.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { diff } = require('deep-diff');

function snapshot(version) {
  const flags = {};
  for (let i = 0; i < 10000; i++) {
    const touched = (i * 31 + version) % 97 === 0;
    flags[`flag_${i}`] = {
      enabled: touched ? (i + version) % 2 === 0 : i % 7 !== 0,
      rollout: touched ? (i * 13 + version) % 100 : (i * 13) % 100,
      owner: `team-${i % 30}`,
      rules: [
        { attribute: 'country', op: 'in', values: [`c${i % 40}`, `c${(i + 3) % 40}`] },
        { attribute: 'plan', op: 'eq', values: [i % 3 ? 'pro' : 'free'] },
      ],
      variants: { on: { weight: 50 }, off: { weight: 50 } },
    };
  }
  return { project: 'storefront', version, publishedAt: new Date(1730000000000 + version * 864e5).toISOString(), flags };
}
const history = [snapshot(41), snapshot(42)];

const app = new Hono();
app.get('/health', (c) => c.json({ ok: true }));
app.get('/x', (c) => {
  const [previous, current] = history.slice(-2);
  const changes = diff(previous, current) || [];
  const flags = [...new Set(changes.filter((d) => d.path[0] === 'flags').map((d) => d.path[1]))];
  return c.json({ from: previous.version, to: current.version, changes: changes.length, flags: flags.slice(0, 100) });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
