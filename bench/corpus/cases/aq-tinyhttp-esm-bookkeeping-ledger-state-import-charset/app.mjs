// tinyhttp (ES modules): the web app server of a bookkeeping SaaS, two slow pages. /ledger server-renders the
// ledger page and inlines the account's whole ledger (5,000 transactions of the year, about 1.3 MB escaped) as the page's
// initial state, escaped for a <script> with jsesc, on every view, though the page shows 50 rows and pages through
// the rest. /imports/preview shows an uploaded bank-statement CSV (600 KB, encoding unknown) and runs jschardet's
// detection over the whole file on every preview, though the file never changes once uploaded. The ledger and the
// upload are made at start-up.
import { App } from '@tinyhttp/app';
import jsesc from 'jsesc';
import jschardet from 'jschardet';

const payees = ['Müller & Söhne GmbH', 'Café Größenwahn', 'Stadtwerke Köln', 'Bäckerei Schäfer', 'Deutsche Bahn', 'Büro-Bedarf Kühn'];
const ledger = Array.from({ length: 5000 }, (_, i) => ({ id: `TX-${900000 + i}`, date: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
  payee: payees[i % 6], memo: `Rechnung ${70000 + i} — Brötchen/Käse, Lieferung „${i % 40}“ <Filiale ${i % 9}>`, amount: ((i * 37) % 90000) / 100,
  vat: [19, 7, 0][i % 3], account: `SKR03-${4000 + (i % 60)}`, tags: ['büro', 'reise', 'bewirtung'].slice(i % 3), reconciled: i % 5 !== 0 }));
const uploads = new Map([['up_7731', { name: 'kontoauszug-2025-05.csv', bytes: Buffer.from(Array.from({ length: 6000 }, (_, i) =>
  `${String(1 + (i % 28)).padStart(2, '0')}.05.2025;Überweisung an Müller & Söhne GmbH, Straße ${i % 90}, Köln;Verwendungszweck: Rechnung ${70000 + i} Brötchen/Käse;${((i * 37) % 90000) / 100} €\n`).join(''), 'latin1') }]]);

const app = new App();
app.get('/health', (req, res) => void res.send('ok'));
app.get('/ledger', (req, res) => {
  const state = { account: 'ACC-20931', year: 2025, ledger };
  const rows = ledger.slice(0, 50).map((t) => `<tr><td>${t.date}</td><td>${t.payee}</td><td>${t.amount.toFixed(2)}</td></tr>`).join('');
  res.set('content-type', 'text/html').send(`<!doctype html><html><body><table id="ledger">${rows}</table>` +
    `<script>window.__STATE__ = ${jsesc(state, { json: true, isScriptContext: true })};</script><script src="/app.js"></script></body></html>`);
});
app.get('/imports/preview', (req, res) => {
  const upload = uploads.get(req.query.id || 'up_7731');
  const detected = jschardet.detect(upload.bytes);
  const text = new TextDecoder(detected.encoding === 'UTF-8' ? 'utf-8' : 'windows-1252').decode(upload.bytes.subarray(0, 4096));
  res.json({ file: upload.name, size: upload.bytes.length, detected, preview: text.split('\n').slice(0, 20) });
});
app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
