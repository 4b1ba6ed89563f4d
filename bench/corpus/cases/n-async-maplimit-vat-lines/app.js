// Express 5: the invoicing service's VAT preview for a marketplace's monthly statement (300,000 order
// lines). The lines are priced with async.mapLimit and an async iteratee, "so the tax-rate lookups run
// ten at a time"; the rates have been served from an in-memory table since the tax service was cached,
// so every iteratee's promise is already settled and async's callbacks start the next line from inside
// a .then continuation: one long microtask chain, and the event loop gets no turn until all are priced.
'use strict';
const express = require('express');
const async = require('async');

const rates = new Map([['DE', 0.19], ['FR', 0.2], ['NL', 0.21], ['AT', 0.2], ['IT', 0.22], ['ES', 0.21]]);
const countries = [...rates.keys()];
const lines = Array.from({ length: 300000 }, (_, i) => ({ id: i, net: 10 + (i % 500), country: countries[i % countries.length] }));

async function grossFor(line) { // was an HTTP call to the tax service; now the cached table
  return Math.round(line.net * (1 + rates.get(line.country)) * 100) / 100;
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res) => {
  const gross = await async.mapLimit(lines, 10, grossFor);
  let total = 0;
  for (const g of gross) total += g;
  res.json({ lines: gross.length, gross: Math.round(total * 100) / 100 });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
