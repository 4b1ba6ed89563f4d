// Express 5 (helmet, cors, compression, morgan to a null stream): an industrial spare-parts shop. The catalogue
// (12,000 parts) is indexed in-process with Orama at start-up; every handler reaches the index through the app's
// withIndex helper (waits for the index to be ready, times the call, keeps the last timings). /x is the search box
// with typo tolerance: Orama's search is awaited, but matching a misspelt term with tolerance 2 walks the index's
// radix trees with bounded Levenshtein, scores every candidate document with BM25 and sorts them, on the loop.
'use strict';
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const { create, insertMultiple, search } = require('@orama/orama');

const kinds = ['bearing', 'gasket', 'valve', 'coupling', 'sensor', 'bushing', 'sprocket', 'impeller', 'actuator', 'filter', 'solenoid', 'thermostat'];
const makers = ['Kessler', 'Norrland', 'Vidal', 'Omori', 'Barrow', 'Tessaro', 'Halvorsen', 'Duquesne'];
const parts = Array.from({ length: 12000 }, (_, i) => ({
  id: `P-${500000 + i}`,
  name: `${makers[i % makers.length]} ${kinds[(i * 7) % kinds.length]} ${['steel', 'brass', 'nitrile', 'ceramic', 'polymer'][i % 5]} ${10 + (i % 90)}mm`,
  description: `Replacement ${kinds[(i * 7) % kinds.length]} for series ${String.fromCharCode(65 + (i % 26))}${i % 400} pumps, ${['high temperature', 'food grade', 'marine', 'explosion proof', 'low friction'][i % 5]} rated, model ${(i * 7919).toString(36)}`,
  price: ((i * 37) % 90000) / 100 + 2,
}));

const indexReady = (async () => {
  const db = await create({ schema: { id: 'string', name: 'string', description: 'string' } });
  await insertMultiple(db, parts, 1000);
  return db;
})();
const timings = [];
async function withIndex(fn) {
  const db = await indexReady;
  const started = performance.now();
  try {
    return await fn(db);
  } finally {
    timings.push(performance.now() - started);
    if (timings.length > 500) timings.shift();
  }
}

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://parts.example.com' }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', async (req, res) => {
  const term = String(req.query.q || 'replacment valve pumps');
  const result = await withIndex((db) => search(db, { term, properties: ['name', 'description'], tolerance: 2, limit: 20 }));
  res.json({ term, count: result.count, hits: result.hits.map((h) => ({ id: h.document.id, name: h.document.name, score: h.score })) });
});
indexReady.then(() => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
