// Express 4: the partner gateway of a payments provider. Two calls are slow. /webhooks/verify checks a delivery from a
// partner: each of the batch's 32 events carries an ECDSA P-256 signature, verified with elliptic, the library the
// partner SDK shares with the browser (its big-number arithmetic is bn.js). /statements/pdf renders a merchant's
// monthly statement, 50 pages of transactions, with pdf-lib. Keys, events and transactions are made at start-up.
'use strict';
const crypto = require('node:crypto');
const express = require('express');
const { ec: EC } = require('elliptic');
const { PDFDocument, StandardFonts, rgb } = require('pdf-lib');

const p256 = new EC('p256');
const partnerKey = p256.genKeyPair();
const partners = new Map([['PTN-0193', { id: 'PTN-0193', name: 'Lumen Travel', publicKey: p256.keyFromPublic(partnerKey.getPublic('hex'), 'hex') }]]);
const digest = (event) => crypto.createHash('sha256').update(JSON.stringify(event)).digest();
const batch = Array.from({ length: 32 }, (_, i) => {
  const event = { id: `evt_${880000 + i}`, type: ['payment.captured', 'refund.created', 'payout.paid'][i % 3], amount: 1000 + i * 37, currency: 'EUR', at: 1748736000 + i * 61 };
  return { event, signature: partnerKey.sign(digest(event)).toDER('hex') };
});

function verifyBatch(partner, deliveries) {
  return deliveries.map(({ event, signature }) => ({ id: event.id, valid: partner.publicKey.verify(digest(event), signature) }));
}

const transactions = Array.from({ length: 2500 }, (_, i) => ({ at: new Date(Date.UTC(2025, 4, 1 + (i % 31), i % 24, i % 60)).toISOString().slice(0, 16).replace('T', ' '), ref: `TX-${5500000 + i}`, card: `**** ${String(1000 + ((i * 37) % 9000))}`, amount: ((i * 13.37) % 900).toFixed(2), fee: ((i * 0.29) % 9).toFixed(2) }));

async function renderStatement(merchant, rows) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p * 50 < rows.length; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${merchant} - statement May 2025 - page ${p + 1}`, { x: 40, y: 805, size: 11, font });
    rows.slice(p * 50, p * 50 + 50).forEach((r, l) => page.drawText(`${r.at}  ${r.ref}  ${r.card}  EUR ${r.amount}  fee ${r.fee}`, { x: 40, y: 780 - l * 15, size: 9, font, color: rgb(0.1, 0.1, 0.1) }));
  }
  return Buffer.from(await doc.save());
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/webhooks/verify', (req, res) => {
  const results = verifyBatch(partners.get(req.query.partner || 'PTN-0193'), batch);
  res.json({ accepted: results.filter((r) => r.valid).length, rejected: results.filter((r) => !r.valid).map((r) => r.id) });
});
app.get('/statements/pdf', async (req, res) => {
  const pdf = await renderStatement(req.query.merchant || 'Café Aurora GmbH', transactions);
  res.type('application/pdf').send(pdf);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
