// Express: the CI service's log page. Job logs are stored as the runner wrote them, with 24-bit ANSI colour
// codes; /x serves the plain-text tail of a finished job's log (the "raw log" link), so on every view it
// strips the codes from the whole log (56,000 lines, 12.8 MB) with strip-ansi 6.0.1 (ansi-regex 5.0.1,
// the fixed version), then counts the failed tests. The log is made at start-up here.
'use strict';
const express = require('express');
const stripAnsi = require('strip-ansi');

let log = '';
for (let i = 0; i < 56000; i++) {
  const failed = i % 1663 === 0;
  log += `\u001b[38;2;110;118;129m2024-03-04T10:${String(i % 60).padStart(2, '0')}:12.${String(i % 1000).padStart(3, '0')}Z\u001b[39m ` +
    `${failed ? '\u001b[38;2;248;81;73mFAIL' : '\u001b[38;2;63;185;80mPASS'}\u001b[39m packages/api/src/orders/create-order-${i % 300}.test.ts > orders > ` +
    `creates order ${i} for a returning customer with a coupon and two shipping addresses (${i % 97} ms)\n`;
}
const jobs = new Map([['job-55120', { status: 'failed', log }]]);

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const job = jobs.get('job-55120');
  const plain = stripAnsi(job.log);
  let failures = 0;
  for (let at = plain.indexOf('FAIL packages/'); at !== -1; at = plain.indexOf('FAIL packages/', at + 1)) failures++;
  res.type('text/plain');
  res.send(`status: ${job.status}, ${failures} failed\n` + plain.slice(-16000));
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
