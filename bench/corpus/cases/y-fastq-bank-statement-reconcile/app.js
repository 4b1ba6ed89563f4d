// Express: a bookkeeping service reconciles a client's bank statement against its open invoices. /x pushes every
// statement line's reference through a fastq promise queue, 16 workers at a time, whose worker used to fetch the
// invoice from the invoicing service. The invoices now come from a memoized Map of already-resolved promises
// (filled at start-up), so every job settles at once: the 40,000 lines are one long run of promise jobs, fastq
// starting the next worker from each settled one, and the loop does not reach I/O until the statement is done.
'use strict';
const express = require('express');
const fastq = require('fastq');

const invoices = new Map();
for (let i = 0; i < 5000; i++) invoices.set(`INV-${70000 + i}`, Promise.resolve({ id: `INV-${70000 + i}`, open: 100 + (i % 900) + 0.5, customer: `C${i % 800}` }));
const lines = Array.from({ length: 40000 }, (_, i) => ({ id: `BS-${i}`, reference: `INV-${70000 + ((i * 7) % 5200)}`, amount: 100 + (i % 900) + 0.5, date: '2024-11-29' }));

// was: fetch(`${INVOICING}/invoices/${ref}`); now the memoized lookup
const findInvoice = (reference) => invoices.get(reference) || Promise.resolve(null);
const queue = fastq.promise(findInvoice, 16);

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', async (req, res) => {
  const found = await Promise.all(lines.map((line) => queue.push(line.reference)));
  const summary = { matched: 0, partial: 0, unmatched: 0 };
  found.forEach((invoice, i) => { summary[!invoice ? 'unmatched' : invoice.open === lines[i].amount ? 'matched' : 'partial']++; });
  res.json({ statement: 'ST-2024-11', lines: lines.length, ...summary });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
