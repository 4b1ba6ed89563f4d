// node:http: a review-routing service decides which teams must approve a change set, from the
// path rules each team saved in the settings UI (globs, matched with minimatch).
const http = require('http');
const { Minimatch } = require('minimatch');

const rules = [
  { team: 'platform', glob: 'infra/**/*.{tf,tfvars}' },
  { team: 'web', glob: 'apps/web/**/*.{ts,tsx,css}' },
  { team: 'api', glob: 'services/api/**' },
  { team: 'docs', glob: '**/*.md' },
  { team: 'growth', glob: 'apps/web/src/experiments/' + '{'.repeat(14000) },
];
const changeSet = Array.from({ length: 400 }, (_, i) => ['apps/web/src/pages/p' + i + '.tsx', 'services/api/src/h' + i + '.ts', 'docs/guide-' + i + '.md', 'infra/env/' + i + '.tf'][i % 4]);

const server = http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  if (req.url !== '/x') { res.statusCode = 404; return res.end(); }
  const approvals = {};
  for (const rule of rules) {
    const matcher = new Minimatch(rule.glob, { dot: true, matchBase: false });
    const files = changeSet.filter((f) => matcher.match(f));
    if (files.length) approvals[rule.team] = files.length;
  }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ files: changeSet.length, approvals }));
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
