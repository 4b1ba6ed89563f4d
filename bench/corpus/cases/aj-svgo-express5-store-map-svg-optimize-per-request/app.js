// Express 5 (helmet, cors, compression, morgan to a null stream): a retail chain's store-finder. /x serves the
// floor-plan map of a region as an inline SVG: the plan (aisles, shelves, zones: ~150 paths with long, precise
// coordinate lists as the CAD export writes them) is built at start-up, and every request runs it through svgo's
// optimize (path data conversion, number rounding, shape merging) before sending it. The plan only changes when
// the CAD export is re-run, yet the same optimisation is repeated for every visitor.
'use strict';
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const { optimize } = require('svgo');

const regions = ['north', 'south', 'east', 'west'];
function cadExport(region) {
  const r = regions.indexOf(region) + 1;
  const paths = [];
  for (let i = 0; i < 150; i++) {
    const cx = (i % 20) * 48.123456 + r, cy = Math.floor(i / 20) * 61.654321;
    let d = `M ${cx.toFixed(6)} ${cy.toFixed(6)}`;
    for (let k = 1; k <= 60; k++) {
      const a = (k / 60) * Math.PI * 2;
      d += ` L ${(cx + 20 * Math.cos(a) + (k % 3) * 0.000731).toFixed(6)} ${(cy + 26 * Math.sin(a * r) + (k % 5) * 0.000417).toFixed(6)}`;
    }
    paths.push(`<g id="zone-${i}" transform="translate(0.000000 0.000000)"><path id="shelf-${i}" fill="#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}" stroke="#000000" stroke-width="1.000000" d="${d} Z"/><text x="${cx.toFixed(4)}" y="${cy.toFixed(4)}" font-family="Arial">Aisle ${i}</text></g>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: CAD export 12.4 -->\n<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="1000" height="1000" viewBox="0 0 1000 1000"><metadata>floor plan ${region}</metadata>${paths.join('\n')}</svg>`;
}
const plans = new Map(regions.map((r) => [r, cadExport(r)]));

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://stores.example.com' }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const region = plans.has(req.query.region) ? req.query.region : 'east';
  const { data } = optimize(plans.get(region), { multipass: true, floatPrecision: 2 });
  res.type('image/svg+xml').set('cache-control', 'public, max-age=60').send(data);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
