// Express 5 with the middleware the finance API runs behind: helmet, CORS for the back-office origin, compression,
// express-rate-limit and morgan's access log. /reconciliation/suggestions proposes, for each of the day's bank
// statement lines, the open invoice it most likely pays: the app's own reconciler scores every line against every
// open invoice of the same currency (how close the amount is, how near the due date, and whether a number in the
// remittance text is the invoice number give or take one mistyped digit). 1,200 lines and 3,000 open invoices are
// made at start-up; the scan is about 1.35 million pairs per request.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const { rateLimit } = require('express-rate-limit');
const morgan = require('morgan');

const CURRENCIES = ['EUR', 'EUR', 'USD', 'GBP'];
const invoices = Array.from({ length: 3000 }, (_, i) => ({ id: `INV-${4100000 + i * 7}`, number: 4100000 + i * 7, customer: `C-${1000 + (i % 340)}`, currency: CURRENCIES[i % 4], open: 120 + ((i * 7919) % 480000) / 100, dueDay: i % 60 }));
const lines = Array.from({ length: 1200 }, (_, i) => {
  const inv = invoices[(i * 13) % invoices.length];
  return { id: `BST-${20250601}-${i}`, currency: inv.currency, amount: i % 5 ? inv.open : inv.open - 12.5, day: (inv.dueDay + (i % 9)) % 60, numbers: [i % 3 ? inv.number : inv.number + 30, 20250000 + i] };
});

function digitDistance(a, b) {
  let d = 0;
  while (a > 0 || b > 0) { if (a % 10 !== b % 10) d++; a = Math.floor(a / 10); b = Math.floor(b / 10); }
  return d;
}

function suggestMatches(statement, open) {
  return statement.map((line) => {
    let best = null, bestScore = 0;
    for (const inv of open) {
      if (inv.currency !== line.currency) continue;
      const amount = 1 - Math.min(1, Math.abs(inv.open - line.amount) / inv.open);
      let ref = 0;
      for (const n of line.numbers) { const d = digitDistance(n, inv.number); if (d < 2) ref = Math.max(ref, 1 - d / 2); }
      const score = 0.5 * amount + 0.3 * ref + 0.2 * Math.max(0, 1 - Math.abs(line.day - inv.dueDay) / 30);
      if (score > bestScore) { bestScore = score; best = inv; }
    }
    return { line: line.id, invoice: best && best.id, score: Math.round(bestScore * 1000) / 1000 };
  });
}

const app = express();
app.use(helmet());
app.use(cors({ origin: ['https://backoffice.example-finance.eu'], credentials: true }));
app.use(compression());
app.use(rateLimit({ windowMs: 60_000, limit: 100_000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.use(morgan('tiny'));
app.get('/health', (req, res) => res.send('ok'));
app.get('/reconciliation/suggestions', (req, res) => {
  const suggestions = suggestMatches(lines, invoices);
  const confident = suggestions.filter((s) => s.score >= 0.9);
  res.json({ day: '2025-06-01', lines: lines.length, confident: confident.length, review: suggestions.length - confident.length, suggestions: suggestions.slice(0, 50) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
