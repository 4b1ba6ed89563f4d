// polka, bundled with esbuild: the CI server's job page. /x returns the latest job's log as HTML: the raw
// log, with the colours the test runner and the build tools printed (ANSI escape codes), goes through
// ansi-html, the converter webpack-dev-server's overlay shipped, at 0.0.7. The checkout step echoes the
// pushed commit's subject, and a pull request from a fork put an escape sequence that never ends into it:
// ESC[ followed by 23 digits and no final letter. The job log is made at start-up.
'use strict';
const polka = require('polka');
const ansiHTML = require('ansi-html');

const steps = ['checkout', 'install', 'lint', 'test', 'build'];
const lines = [];
lines.push('\x1b[1m$ git checkout --progress --force refs/remotes/pull/4812/merge\x1b[22m');
lines.push('HEAD is now at 7f3c2e1 fix(parser): handle trailing commas \x1b[' + '3'.repeat(23) + ' (see #4811)');
for (let i = 0; i < 600; i++) {
  const step = steps[i % steps.length];
  const ok = i % 37 !== 0;
  lines.push(`\x1b[90m[${String(i).padStart(4, '0')}]\x1b[39m \x1b[36m${step}\x1b[39m ${ok ? '\x1b[32m✓\x1b[39m' : '\x1b[33m!\x1b[39m'} ${step === 'test' ? `suite ${i} passed in ${(i * 7) % 900} ms` : `step output line ${i}`}`);
}
lines.push('\x1b[32m\x1b[1mJob succeeded\x1b[22m\x1b[39m');
const jobLog = lines.join('\n');

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const html = ansiHTML(jobLog);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><title>Job 4812</title><pre class="log">${html}</pre>`);
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
