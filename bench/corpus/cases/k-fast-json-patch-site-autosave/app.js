// Express: the site builder's autosave history. The editor keeps the whole site as one JSON document
// (here 1,000 pages of 60 blocks, both versions made at start-up); each autosave stores the JSON patch
// between the previous and the new version, and /x is one autosave: fast-json-patch's compare walks
// both trees in full to find the five blocks whose colour changed.
'use strict';
const express = require('express');
const jsonpatch = require('fast-json-patch');

function site(version) {
  const pages = [];
  for (let p = 0; p < 1000; p++) {
    const blocks = [];
    for (let b = 0; b < 60; b++) {
      blocks.push({ id: `b-${p}-${b}`, type: ['text', 'image', 'button', 'spacer'][b % 4],
        props: { text: `Block ${p}.${b}`, align: b % 2 ? 'left' : 'center', padding: [8, 16, 8, 16], hidden: false },
        style: { color: version > 1 && p === 7 && b < 5 ? '#c00' : '#222', font: 'Inter', size: 14 + (b % 3) } });
    }
    pages.push({ id: `p-${p}`, title: `Page ${p}`, layout: { columns: 1 + (p % 3), gap: 24 }, blocks });
  }
  return { id: 'acme-site', version, meta: { title: 'Acme Outdoor', locale: 'en-GB' }, pages };
}
const previous = site(1);
const current = site(2);

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const patch = jsonpatch.compare(previous, current);
  res.json({ ops: patch.length, first: patch.slice(0, 3) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
