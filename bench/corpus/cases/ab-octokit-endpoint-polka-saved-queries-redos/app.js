// polka: an internal developer portal's "saved GitHub queries" page. Teams save REST route templates with their
// parameters; /x lists a team's saved queries, each turned into its request (method, URL, headers) by
// @octokit/endpoint 9.0.5 so the page can show a ready-to-run curl line. One template was imported from a broken
// YAML export: after its query string it holds 12,000 "{" with no "}". endpoint() looks for URL variables with
// /\{[^}]+\}/g, which backtracks quadratically over that run (CVE-2025-25285). The saved queries are made at start-up.
'use strict';
const polka = require('polka');
const { endpoint } = require('@octokit/endpoint');

const github = endpoint.defaults({ baseUrl: 'https://github.example.internal/api/v3', headers: { 'user-agent': 'dev-portal/3.2' } });
const saved = [
  { name: 'Open PRs', route: 'GET /repos/{owner}/{repo}/pulls', params: { owner: 'payments', repo: 'ledger', state: 'open', per_page: 50 } },
  { name: 'Failing checks', route: 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs', params: { owner: 'payments', repo: 'ledger', ref: 'main', status: 'completed' } },
  { name: 'Release notes', route: 'GET /repos/{owner}/{repo}/releases/latest', params: { owner: 'payments', repo: 'gateway' } },
  { name: 'Team members', route: 'GET /orgs/{org}/teams/{team_slug}/members', params: { org: 'acme', team_slug: 'payments', per_page: 100 } },
  { name: 'Stale issues (imported)', route: 'GET /repos/{owner}/{repo}/issues?labels=' + '{'.repeat(12000), params: { owner: 'payments', repo: 'ledger' } },
  { name: 'Deploy keys', route: 'GET /repos/{owner}/{repo}/keys', params: { owner: 'payments', repo: 'gateway' } },
];

polka()
  .get('/health', (req, res) => { res.end('ok'); })
  .get('/x', (req, res) => {
    const rows = saved.map((q) => {
      const r = github(q.route, q.params);
      return { name: q.name, method: r.method, url: r.url.slice(0, 200), curl: `curl -X ${r.method} -H 'accept: ${r.headers.accept}' '${r.url.slice(0, 200)}'` };
    });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ team: 'payments', queries: rows }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
