// Koa: the accounts-payable service's supplier invoice import. Suppliers upload UBL-style XML batches
// (here one batch of 550 invoices, about 800 KB, made at start-up); /x is the upload check: it parses the
// batch with @xmldom/xmldom's DOMParser to reject malformed XML and counts the invoices before queueing it.
'use strict';
const Koa = require('koa');
const { DOMParser } = require('@xmldom/xmldom');

const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<InvoiceBatch xmlns:cbc="urn:cbc" xmlns:cac="urn:cac" id="B-2024-10">'];
for (let i = 0; i < 550; i++) {
  const lines = [];
  for (let l = 0; l < 4; l++) {
    lines.push(`<cac:InvoiceLine><cbc:ID>${l + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="EA">${(i + l) % 9 + 1}</cbc:InvoicedQuantity>` +
      `<cbc:LineExtensionAmount currencyID="EUR">${((i * 7 + l * 13) % 500) + 0.5}</cbc:LineExtensionAmount><cac:Item><cbc:Name>Item ${i}-${l} &amp; parts</cbc:Name>` +
      `<cac:SellersItemIdentification><cbc:ID>SKU-${(i * 31 + l) % 9000}</cbc:ID></cac:SellersItemIdentification></cac:Item></cac:InvoiceLine>`);
  }
  parts.push(`<Invoice><cbc:ID>INV-${100000 + i}</cbc:ID><cbc:IssueDate>2024-10-${String(i % 28 + 1).padStart(2, '0')}</cbc:IssueDate>` +
    `<cac:AccountingSupplierParty><cac:Party><cbc:Name>Supplier ${i % 40}</cbc:Name><cbc:CompanyID>DE${100000 + (i % 40)}</cbc:CompanyID></cac:Party></cac:AccountingSupplierParty>` +
    `<!-- imported by edi gateway --><cbc:Note><![CDATA[Payment within 30 days <net>]]></cbc:Note>${lines.join('')}</Invoice>`);
}
parts.push('</InvoiceBatch>');
const batchXml = parts.join('\n');
const quiet = { warning: () => {}, error: () => {}, fatalError: () => {} };

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  const doc = new DOMParser({ errorHandler: quiet }).parseFromString(batchXml, 'text/xml');
  const root = doc.documentElement;
  let invoices = 0;
  for (let n = root.firstChild; n; n = n.nextSibling) if (n.nodeName === 'Invoice') invoices++;
  ctx.body = { batch: root.getAttribute('id'), bytes: batchXml.length, invoices };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
