// Hono on Node: the telecom-expense service of a company's finance team. Carriers send each month's itemised mobile
// bill as a PDF (90 pages of calls and data sessions for a business account); /bills/:id/summary extracts its text with
// pdf-parse and totals the roaming and premium-rate lines for the finance dashboard. pdf-parse returns a promise, so
// the handler awaits it, but the parse (pdf-parse's bundled pdf.js, with no worker in Node) runs on the loop in
// promise callbacks. The bills are written as PDF files at start-up, as the carrier's portal would deliver them.
'use strict';
const { serve } = require('@hono/node-server');
const { Hono } = require('hono');
const { secureHeaders } = require('hono/secure-headers');
const { cors } = require('hono/cors');
const pdfParse = require('pdf-parse');

function writePdf(pages) {
  const objs = [];
  const add = (s) => { objs.push(s); return objs.length; };
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pagesId = objs.length + 1; objs.push(null);
  const kids = [];
  for (const lines of pages) {
    const content = 'BT /F1 9 Tf 11 TL 40 800 Td ' + lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) '`).join(' ') + ' ET';
    const c = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${c} 0 R >>`));
  }
  objs[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const catalog = add(`<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  let out = '%PDF-1.4\n';
  const offsets = [];
  objs.forEach((o, i) => { offsets.push(Buffer.byteLength(out, 'latin1')); out += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const kinds = ['CALL', 'SMS', 'DATA', 'ROAM', 'PREM'];
const bills = new Map(['2025-05', '2025-06'].map((month, b) => [`BILL-${month}`, {
  account: 'ACC-771203', month,
  pdf: writePdf(Array.from({ length: 90 }, (_, p) => Array.from({ length: 68 }, (_, l) => {
    const n = p * 68 + l + b;
    return `${month}-${String((n % 28) + 1).padStart(2, '0')}  ${kinds[n % 5]}  +353 87 ${String(1000000 + ((n * 7919) % 8999999))}  00:${String(n % 60).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}  EUR ${((n * 0.37) % 9).toFixed(2)}`;
  }))),
}]));

async function summarise(bill) {
  const { text, numpages } = await pdfParse(bill.pdf);
  const totals = {};
  for (const m of text.matchAll(/ (ROAM|PREM) .* EUR (\d+\.\d\d)/g)) totals[m[1]] = (totals[m[1]] || 0) + Number(m[2]);
  return { account: bill.account, month: bill.month, pages: numpages, roaming: +(totals.ROAM || 0).toFixed(2), premium: +(totals.PREM || 0).toFixed(2) };
}

const app = new Hono();
app.use('*', secureHeaders());
app.use('/bills/*', cors({ origin: 'https://finance.example.com' }));
app.get('/health', (c) => c.text('ok'));
app.get('/bills/:id/summary', async (c) => {
  const bill = bills.get(c.req.param('id'));
  if (!bill) return c.json({ error: 'no such bill' }, 404);
  return c.json(await summarise(bill));
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
