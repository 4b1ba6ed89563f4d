// Hono: Open Graph images. Each blog post's card is an SVG rendered to PNG with @resvg/resvg-js
// (a Rust addon), using its sync Resvg class per request.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { Resvg } = require('@resvg/resvg-js');

const dots = Array.from({ length: 1500 }, (_, i) =>
  `<circle cx="${(i * 37) % 1200}" cy="${(i * 53) % 630}" r="${6 + (i % 30)}" fill="hsl(${i % 360},70%,55%)" opacity="0.5"/>`).join('');
const card = (title) => `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="945" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0b1020"/>${dots}
  <rect x="60" y="420" width="1080" height="150" rx="16" fill="#ffffff" opacity="0.9"/>
  <text x="100" y="515" font-size="56" fill="#0b1020">${title}</text></svg>`;

const app = new Hono();
app.get('/health', (c) => c.text('ok'));

app.get('/x', (c) => {
  const png = new Resvg(card('Why the event loop lags')).render().asPng();
  return c.body(png, 200, { 'Content-Type': 'image/png' });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
