// Hono on Node (CommonJS): a monitoring platform's alerting service. Alert rules are MongoDB-style conditions
// on metric samples, matched with sift. Two calls are slow. /alerts/evaluate is the scheduler's minute tick:
// it checks each of the 14 enabled rules against the last minute's 400 samples, calling sift(rule.query)
// inside the filter's callback, so the rule's tester is built again for every sample. /alerts/preview is what the rule editor calls while a
// rule is being changed: it runs the draft rule, built once, over the last six hours' 60,000 samples to show
// how often it would have fired. The rules and the samples (the metrics buffer's tail) are made at start-up.
'use strict';
const { serve } = require('@hono/node-server');
const { Hono } = require('hono');
const sift = require('sift');

const metrics = ['cpu', 'mem', 'disk', 'net_in', 'net_out', 'latency_p99', 'errors'];
const regions = ['eu-west-1', 'eu-central-1', 'us-east-1', 'ap-south-1'];
let seed = 21;
const rnd = (n) => (seed = (seed * 16807) % 2147483647) % n;
const sample = (i) => ({
  host: `web-${rnd(60)}`, metric: metrics[rnd(metrics.length)], region: regions[rnd(regions.length)], value: rnd(1000) / 10,
  tags: ['prod', rnd(3) ? 'canary' : 'stable', `team-${rnd(5)}`], at: Date.UTC(2025, 2, 3, 6) + i * 360,
});
const lastMinute = Array.from({ length: 400 }, (_, i) => sample(i));
const lastSixHours = Array.from({ length: 60000 }, (_, i) => sample(i));
const rules = Array.from({ length: 14 }, (_, r) => ({
  id: `rule-${r + 1}`, severity: r % 3 ? 'warning' : 'critical',
  query: {
    metric: { $in: [metrics[r % 7], metrics[(r + 3) % 7]] }, value: { $gt: 60 + (r % 4) * 10 }, region: { $nin: ['ap-south-1'] },
    tags: { $all: ['prod'], $nin: [`team-${r % 5}-muted`] }, host: { $regex: `^web-${r % 6}` },
    $or: [{ 'tags.1': 'stable' }, { value: { $gte: 95 } }],
  },
}));
const draft = { metric: 'latency_p99', value: { $gte: 80 }, region: { $in: ['eu-west-1', 'eu-central-1'] }, tags: { $all: ['prod', 'stable'] }, host: { $not: { $regex: '^web-5' } }, $or: [{ value: { $gte: 90 } }, { 'tags.2': { $in: ['team-1', 'team-3'] } }] };

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/alerts/evaluate', (c) => {
  const firing = [];
  for (const rule of rules) {
    const hits = lastMinute.filter((s) => sift(rule.query)(s));
    if (hits.length) firing.push({ rule: rule.id, severity: rule.severity, samples: hits.length, hosts: [...new Set(hits.map((h) => h.host))].slice(0, 5) });
  }
  return c.json({ evaluated: rules.length, firing });
});
app.get('/alerts/preview', (c) => {
  const test = sift(draft);
  const hits = lastSixHours.filter(test);
  const perHour = Array.from({ length: 6 }, (_, h) => hits.filter((s) => Math.floor((s.at - lastSixHours[0].at) / 3600000) === h).length);
  return c.json({ samples: lastSixHours.length, wouldFire: hits.length, perHour });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
