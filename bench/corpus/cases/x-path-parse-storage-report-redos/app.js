// Express: a media bucket's storage report groups every object key by folder and extension with the
// path-parse ponyfill (kept from when the service ran on Node 0.10). Among 3,000 keys is one rendered
// share card whose folder is the base64url of the chart state, a 4,800-character path segment (CVE-2021-23343).
'use strict';
const express = require('express');
const pathParse = require('path-parse');

const keys = [];
for (let i = 0; i < 3000; i++) {
  keys.push(`tenants/t${i % 40}/${['images', 'video', 'docs'][i % 3]}/2024/${String(1 + (i % 12)).padStart(2, '0')}/asset-${i}.${['jpg', 'mp4', 'pdf', 'png'][i % 4]}`);
}
const chartState = JSON.stringify({ type: 'line', range: '90d', series: Array.from({ length: 56 }, (_, s) => ({ metric: `revenue.region_${s}`, colour: `#${(s * 40503).toString(16).slice(0, 6)}`, smooth: true })) });
keys.splice(1700, 0, `share-cards/${Buffer.from(chartState).toString('base64url')}/card.png`);

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const byExt = {};
  const folders = new Set();
  for (const key of keys) {
    const { dir, ext } = pathParse(key);
    byExt[ext] = (byExt[ext] || 0) + 1;
    folders.add(dir.split('/')[0]);
  }
  res.json({ objects: keys.length, byExt, topFolders: [...folders] });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
