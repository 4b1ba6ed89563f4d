// Hono on @hono/node-server: the business-customer portal of a regional energy utility, two slow pages.
// /statement renders an account's monthly statement (15,000 interval-meter lines, made at start-up): each line's
// amount, consumption and tariff discount are formatted with numeral, three format() calls a line, on every view.
// /coverage/mesh feeds the portal's WebGL map: the grid operator's service area (an outline of 70,000 vertices
// with two excluded districts as holes) is triangulated with earcut, mapbox's polygon triangulator, on every
// request, though the outline changes only when the operator publishes a new one.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const numeral = require('numeral');
const earcut = require('earcut');

const lines = Array.from({ length: 15000 }, (_, i) => ({ meter: `MT-${7100 + (i % 12)}`, from: `2025-11-${String(1 + (i % 30)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00`,
  kwh: 20 + ((i * 37) % 900) / 3, amount: ((i * 7919) % 100000) / 7 - 2000, discount: (i % 13) / 100 }));

function ring(n, cx, cy, r, wobble) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2, rr = r + wobble * Math.sin(a * 37) + (wobble / 3) * Math.sin(a * 211);
    out.push(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
  }
  return out;
}
const outline = ring(64000, 0, 0, 1000, 80);
const holes = [ring(3000, 300, 200, 120, 10).reverse(), ring(3000, -350, -250, 150, 12).reverse()];
const area = { operator: 'Lakeshore Grid Services', version: '2025-10-01', vertices: outline.concat(...holes), holeIndices: [outline.length / 2, (outline.length + holes[0].length) / 2] };

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/statement', (c) => {
  const rows = lines.map((l) => ({ meter: l.meter, from: l.from, kwh: numeral(l.kwh).format('0,0.0'), amount: numeral(l.amount).format('$0,0.00'), discount: numeral(l.discount).format('0%') }));
  const total = lines.reduce((s, l) => s + l.amount, 0);
  return c.json({ account: c.req.query('account') || 'BK-3391', period: '2025-11', lines: rows.length, total: numeral(total).format('$0,0.00'), first: rows.slice(0, 50) });
});
app.get('/coverage/mesh', (c) => {
  const triangles = earcut(area.vertices, area.holeIndices);
  return c.json({ operator: area.operator, version: area.version, vertices: area.vertices.length / 2, triangles: triangles.length / 3, indexSample: triangles.slice(0, 30) });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
