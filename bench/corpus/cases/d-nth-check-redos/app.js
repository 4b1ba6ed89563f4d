// connect: a report service renders a table and stripes its rows with a CSS-style nth formula
// ("2n+1") taken from the user's saved view. It compiles the formula with nth-check 2.0.0 (the version
// css-select pulled in); one saved view holds '2n', a long run of spaces and junk (CVE-2021-3803).
'use strict';
const http = require('node:http');
const connect = require('connect');
const nthCheck = require('nth-check').default;

const rows = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, region: ['north', 'south', 'east', 'west'][i % 4], total: (i * 37) % 500 }));
const savedView = { owner: 'u-42', columns: ['id', 'region', 'total'], stripe: `2n${' '.repeat(18000)}+1x` };

const app = connect();
app.use('/health', (req, res) => res.end('ok'));
app.use('/x', (req, res) => {
  let striped;
  try {
    striped = nthCheck(savedView.stripe);
  } catch {
    striped = nthCheck('2n+1');
  }
  const body = rows.map((row, i) => ({ ...row, striped: striped(i) }));
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ columns: savedView.columns, rows: body }));
});

http.createServer(app).listen(Number(process.env.PORT) || 0, '127.0.0.1');
