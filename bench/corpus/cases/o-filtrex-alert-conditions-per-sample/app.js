// Koa: the alerting step of a metrics service. Users write their alert conditions in filtrex's expression
// language in the dashboard ("cpu > 90 and not (host in ("db-1", "db-2"))"); /x checks the latest sample
// of each of 16 hosts against all 36 conditions, and calls compileExpression(rule.when, options) for every
// (sample, condition) pair, which parses the condition with filtrex's generated parser and builds a new
// Function from it before the sample is tested.
'use strict';
const Koa = require('koa');
const { compileExpression } = require('filtrex');

const options = { extraFunctions: { lower: (s) => String(s).toLowerCase(), pct: (a, b) => (b ? (100 * a) / b : 0) } };
const rules = Array.from({ length: 36 }, (_, i) => ({
  id: `ALERT-${300 + i}`, severity: ['info', 'warn', 'page'][i % 3],
  when: `(cpu > ${70 + (i % 25)} and load1 / cores > ${1 + (i % 4) / 2} and not (lower(env) in ("dev", "test${i % 4}"))) or ` +
    `(pct(memUsed, memTotal) >= ${80 + (i % 15)} and swapIn > ${i * 10}) or (diskFree < ${5 + (i % 10)} and role == "db") or ` +
    `(errors5xx * 100 / (requests + 1) > ${1 + (i % 5)} and requests > ${100 + i * 20}) or (max(p99a, p99b, p99c) - min(p99a, p99b, p99c) > ${200 + i * 5})`,
}));
const hosts = Array.from({ length: 16 }, (_, h) => `web-${h}`);
let tick = 0;

function sampleOf(host, h) {
  return { host, env: h % 5 ? 'PROD' : 'Dev', role: h % 4 ? 'web' : 'db', cpu: 40 + ((h * 7 + tick) % 60), load1: 2 + (h % 9), cores: 4,
    memUsed: 10 + ((h + tick) % 20), memTotal: 32, swapIn: (h * 13 + tick) % 400, diskFree: (h * 3 + tick) % 30,
    errors5xx: (h + tick) % 12, requests: 200 + h * 40, p99a: 120 + h, p99b: 180 + ((tick * 3) % 400), p99c: 150 };
}

function checkAll() {
  tick++;
  const firing = [];
  hosts.forEach((host, h) => {
    const sample = sampleOf(host, h);
    for (const rule of rules) {
      if (compileExpression(rule.when, options)(sample) === true) firing.push({ host, rule: rule.id, severity: rule.severity });
    }
  });
  return firing;
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path === '/x') { const firing = checkAll(); ctx.body = { checked: hosts.length * rules.length, firing: firing.length, first: firing[0] || null }; return; }
  ctx.status = 404;
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
