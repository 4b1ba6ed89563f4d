// hapi: a support tool's issue sync for customers on GitHub Enterprise Server. The connector lists a repository's
// open issues with @octokit/rest's octokit.paginate(); to spare the customer's rate limit it replays the responses
// its crawler recorded (ETag cache) through octokit's request.fetch option. One customer's GHE instance (self-hosted,
// so its answers are untrusted input) sends a Link header that starts with 12,000 '<' before its rel="last" link:
// @octokit/plugin-paginate-rest 11.3.1, which @octokit/rest 20.1.1 pins, looks for the next page with
// /<([^>]+)>;\s*rel="next"/, and from every '<' [^>]+ runs to the '>' and backtracks (CVE-2025-25288, fixed in
// 11.4.1). /x syncs the next repository of that customer. The recorded responses are made at start-up.
'use strict';
const Hapi = require('@hapi/hapi');
const { Octokit } = require('@octokit/rest');

const BASE = 'https://ghe.acme-industrial.example/api/v3';
const recorded = new Map();
const repos = Array.from({ length: 12 }, (_, r) => `plant-${r}`);
for (const repo of repos) {
  const issues = Array.from({ length: 30 }, (_, i) => ({ id: r0(repo) * 1000 + i, number: i + 1, title: `Line ${i % 7} sensor drift`, state: 'open',
    labels: [{ name: 'hardware' }], user: { login: `tech${i % 5}` }, created_at: new Date(1733000000000 - i * 3600000).toISOString(), comments: i % 4 }));
  const last = `<${BASE}/repos/acme/${repo}/issues?state=open&per_page=100&page=1>; rel="last"`;
  recorded.set(`${BASE}/repos/acme/${repo}/issues?state=open&per_page=100`, {
    body: JSON.stringify(issues), headers: { 'content-type': 'application/json; charset=utf-8', etag: `W/"${repo}"`, link: '<'.repeat(12000) + last } });
}
function r0(repo) { return Number(repo.split('-')[1]); }

const octokit = new Octokit({
  baseUrl: BASE, auth: 'ghs_recordedcrawlertoken',
  request: {
    fetch: async (url) => {
      const hit = recorded.get(url);
      return hit ? new Response(hit.body, { status: 200, headers: hit.headers }) : new Response('{"message":"Not Found"}', { status: 404 });
    },
  },
});
let next = 0;

const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
server.route({ method: 'GET', path: '/x', handler: async () => {
  const repo = repos[next++ % repos.length];
  const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { owner: 'acme', repo, state: 'open', per_page: 100 });
  return { repo, synced: issues.length, byAuthor: issues.reduce((m, i) => ({ ...m, [i.user.login]: (m[i.user.login] || 0) + 1 }), {}) };
} });
server.start();
