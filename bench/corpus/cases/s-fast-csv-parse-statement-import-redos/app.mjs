// node:http (ESM): the accounting service previews a bank-statement import that a customer uploaded. The
// bank's export quotes every field and writes a redacted memo as blanks to the memo's full length, and the
// import parses the file with @fast-csv/parse with ignoreEmpty on, so that the blank lines between the
// statement's sections are skipped. For each row, @fast-csv/parse 4.3.3 tests the row's cells joined
// together against its EMPTY_ROW_REGEXP (CVE-2020-26256, fixed in 4.3.6), which backtracks quadratically on
// a long run of blanks followed by anything else: here one row's redacted memo (4,800 blanks) and the
// booking date after it. The statement (800 bookings) is made at start-up.
import http from 'node:http';
import { parseString } from '@fast-csv/parse';

const q = (v) => `"${v}"`;
const rows = ['memo;booked;value_date;amount;currency;counterparty;iban'].map((h) => h.split(';').map(q).join(';'));
for (let i = 0; i < 800; i++) {
  const memo = i === 617 ? ' '.repeat(4800) : `Invoice ${2024000 + i} / customer ${i % 57}`;
  const day = `2024-11-${String(1 + (i % 28)).padStart(2, '0')}`;
  rows.push([memo, day, day, ((i * 7919) % 90000) / 100, 'EUR', `Customer ${i % 57}`, `DE${String(1e18 + i * 7919).slice(0, 20)}`].map(q).join(';'));
  if (i % 200 === 199) rows.push('');
}
const statement = rows.join('\n');

const preview = (csv) => new Promise((resolve, reject) => {
  const out = [];
  parseString(csv, { headers: true, delimiter: ';', ignoreEmpty: true })
    .on('error', reject)
    .on('data', (row) => { out.push({ booked: row.booked, amount: Number(row.amount), counterparty: row.counterparty }); })
    .on('end', (count) => resolve({ count, total: Math.round(out.reduce((s, r) => s + r.amount, 0) * 100) / 100, first: out.slice(0, 5) }));
});

http.createServer(async (req, res) => {
  if (req.url === '/health') { res.end('ok'); return; }
  if (req.url !== '/x') { res.statusCode = 404; res.end(); return; }
  const result = await preview(statement);
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(result));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
