// Express 4, bundled and minified with esbuild: a CI service's "GitHub status sync" report. Commit statuses are
// posted to GitHub from an outbox; a job that fails is kept with its request options and the error. /x builds the
// report of the 40 newest failed jobs, each wrapped in @octokit/request-error 5.1.0's RequestError (the error class
// the sync client throws), whose constructor redacts the authorization header with .replace(/ .*$/, ...).
// One installation (one failed job) has a token that was pasted into its settings form with a 12,500-space tail
// and a line break (that is why its posts fail: the header is invalid): / .*$/ backtracks quadratically over those
// spaces (CVE-2025-25289).
// Made at start-up.
'use strict';
const express = require('express');
const { RequestError } = require('@octokit/request-error');

const failed = Array.from({ length: 40 }, (_, i) => ({
  id: `job-${88000 + i}`, installation: i === 9 ? 1299 : 1200 + (i % 6), status: i === 9 ? 500 : 422,
  message: i === 9 ? 'Invalid character in header content ["authorization"]' : 'Validation Failed: description is too long',
  request: { method: 'POST', url: `https://api.github.com/repos/acme/app-${i % 6}/statuses/${(0xabc000 + i).toString(16)}`,
    headers: { accept: 'application/vnd.github.v3+json', authorization: i === 9 ? `token ghp_${'Z'.repeat(36)}${' '.repeat(12500)}\n` : `token ghs_${'k'.repeat(36)}` },
    body: JSON.stringify({ state: 'success', context: 'ci/build', description: `build ${i}` }) },
}));

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const report = [];
  for (const job of failed.slice(0, 40)) {
    const err = new RequestError(job.message, job.status, { request: job.request });
    report.push({ id: job.id, installation: job.installation, status: err.status, message: err.message, url: err.request.url, auth: err.request.headers.authorization.slice(0, 40) });
  }
  res.json({ failed: report.length, report });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
