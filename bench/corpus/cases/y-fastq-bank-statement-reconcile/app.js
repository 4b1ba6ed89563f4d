// Express: a bookkeeping service reconciles a client's bank statement against its open invoices. /x pushes every
// statement line through a fastq promise queue, 16 workers at a time, that used to look each reference up in the
// invoicing service. The lookups now come from a memoized Map of already-resolved promises (filled at start-up),
// so every worker's await resolves at once: the 40,000 lines are one long run of promise jobs, fastq starting the
// next worker from each finished one, and the loop does not reach I/O until the statement is done.
'use strict';
const express = require('express');
const fastq = require('fastq');

const invoices = new Map();
for (let i = 0; i < 5000; i++) invoices.set(`INV-${70000 + i}`, Promise.resolve({ id: `INV-${70000 + i}`, open: 100 + (i % 900) + 0.5, customer: `C${i % 800}` }));
const lines = Array.from({ length: 40000 }, (_, i) => ({ id: `BS-${i}`, reference: `INV-${70000 + ((i * 7) % 5200)}`, amount: 100 + (i % 900) + 0.5, date: '2024-11-29' }));

async function matchLine(line) {
  const invoice = await invoices.get(line.reference);
  if (!invoice) return { line: line.id, status: 'unmatched' };
  return { line: line.id, status: invoice.open === line.amount ? 'matched' : 'partial', invoice: invoice.id };
}
const queue = fastq.promise(matchLine, 16);

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', async (req, res) => {
  const results = await Promise.all(lines.map((line) => queue.push(line)));
  const summary = { matched: 0, partial: 0, unmatched: 0 };
  for (const r of results) summary[r.status]++;
  res.json({ statement: 'ST-2024-11', lines: lines.length, ...summary });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
