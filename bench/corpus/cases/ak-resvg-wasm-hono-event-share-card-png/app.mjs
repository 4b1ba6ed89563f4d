// Hono on @hono/node-server: an events site renders the social share card (1200x630 PNG) of an event page. The card
// is an SVG template (gradient, 300 blurred and translucent confetti circles) rasterised with @resvg/resvg-wasm, the
// WebAssembly build of resvg picked because the host forbids native addons. Rendering runs synchronously inside the
// wasm module on the loop, for every crawler and chat-app preview that fetches the card.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { Resvg, initWasm } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);
await initWasm(fs.readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
const events = new Map(['jsconf-ams', 'devopsdays-rtm', 'pydata-utr'].map((slug, e) => {
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient><filter id="b"><feGaussianBlur stdDeviation="8"/></filter></defs><rect width="1200" height="630" fill="url(#g)"/>`;
  for (let i = 0; i < 300; i++) svg += `<circle cx="${(i * 97 + e * 31) % 1200}" cy="${(i * 53) % 630}" r="${10 + (i % 40)}" fill="hsl(${(i * 7 + e * 40) % 360},70%,60%)" fill-opacity="0.4"${i % 10 === 0 ? ' filter="url(#b)"' : ''}/>`;
  return [slug, `${svg}<rect x="60" y="420" width="1080" height="150" rx="24" fill="#ffffff" fill-opacity="0.9"/></svg>`];
}));

const app = new Hono();
app.get('/health', (c) => c.json({ ok: true }));
app.get('/x', (c) => {
  const slug = events.has(c.req.query('event')) ? c.req.query('event') : 'devopsdays-rtm';
  const png = new Resvg(events.get(slug), { fitTo: { mode: 'width', value: 1200 } }).render().asPng();
  return c.body(png, 200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=300' });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
