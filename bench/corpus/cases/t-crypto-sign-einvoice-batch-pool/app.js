// Express 5: an e-invoicing service. Each invoice of a batch must carry the seller's signature (RSA-PSS with
// SHA-256, the company's 4096-bit key) before it is sent to the tax authority's gateway; /x signs the
// pending batch of a merchant, 24 invoices of about 3 KB of XML each, with the callback form of crypto.sign,
// all at once. Each signature is a job on libuv's thread pool: the loop only starts the jobs and collects the
// signatures, but 16 merchants' batches at once fill the pool's four threads, and the health check's file
// read waits in the same queue. The key and the invoices are made at start-up.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');
const express = require('express');

const sign = promisify(crypto.sign);
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 4096 });
const statusFile = path.join(__dirname, 'status.json');
const invoices = Array.from({ length: 24 }, (_, i) => ({
  id: `FR-2025-${String(31000 + i).padStart(6, '0')}`,
  xml: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Invoice><ID>FR-2025-${31000 + i}</ID><IssueDate>2025-02-14</IssueDate>${Array.from({ length: 24 }, (_, k) => `<InvoiceLine><ID>${k + 1}</ID><Item>Article ${(i * 31 + k) % 900}</Item><Quantity unitCode="EA">${1 + (k % 6)}</Quantity><Price currencyID="EUR">${(9.9 + k * 2.5).toFixed(2)}</Price></InvoiceLine>`).join('')}</Invoice>`),
}));

const app = express();
app.get('/health', async (req, res) => { res.type('json').send(await fs.promises.readFile(statusFile)); });
app.get('/x', async (req, res) => {
  const signatures = await Promise.all(invoices.map((inv) => sign('sha256', inv.xml, { key: privateKey, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 })));
  res.json({ batch: 'B-2025-02-14', signed: invoices.map((inv, i) => ({ id: inv.id, signature: signatures[i].toString('base64').slice(0, 24) })) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
