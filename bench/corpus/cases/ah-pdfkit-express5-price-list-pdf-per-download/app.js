// Express 5 (helmet, cors, compression, morgan to a null stream, express.json): a B2B wholesaler's portal. Each
// customer segment has a price list (1,400 lines: SKU, description, unit, list and net price), republished once a
// night by the pricing job. /x is the "Download price list (PDF)" button: the handler lays out the whole document
// with pdfkit on every download, although the PDF of a (segment, price-list version) pair is the same bytes all day.
'use strict';
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const PDFDocument = require('pdfkit');

const finishes = ['satin', 'polished', 'brushed', 'matt black'];
const priceLists = new Map([['trade-b', {
  segment: 'trade-b', version: '2024-11-30', currency: 'EUR',
  lines: Array.from({ length: 1400 }, (_, i) => ({
    sku: `HW-${String((i * 7919) % 100000).padStart(5, '0')}`,
    description: `Stainless steel hinge, ${i % 2 ? 'left' : 'right'}-hand, ${80 + (i % 9) * 10} mm, ${finishes[i % 4]} finish, pack of ${2 + (i % 4)}`,
    unit: i % 3 ? 'pack' : 'each', list: 4.5 + (i % 37) * 1.25, net: (4.5 + (i % 37) * 1.25) * 0.82,
  })),
}]]);

function renderPriceList(list) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Price list ${list.segment} ${list.version}` } });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
    doc.fontSize(18).text(`Price list — segment ${list.segment}`).fontSize(10).text(`Valid from ${list.version}, prices in ${list.currency}, excl. VAT`).moveDown();
    for (const [i, l] of list.lines.entries()) {
      doc.fontSize(9).text(`${String(i + 1).padStart(4, '0')}  ${l.sku}  ${l.description}  per ${l.unit}  list ${l.list.toFixed(2)}  net ${l.net.toFixed(2)}`, { width: 515 });
    }
    doc.end();
  });
}

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://portal.example.com' }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.use(express.json());
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', async (req, res) => {
  const list = priceLists.get(req.query.segment || 'trade-b');
  const pdf = await renderPriceList(list);
  res.type('application/pdf').set('content-disposition', `attachment; filename="price-list-${list.segment}-${list.version}.pdf"`).send(pdf);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
