// Express 5, bundled with webpack (production mode: minified by terser): an event-ticketing shop. After
// checkout the buyer's tickets page (/x) shows every ticket of the order with its entry QR code, made on
// each view with qrcode's toString as inline SVG (error correction H, so the code still scans with the
// venue's logo over it). The promise form wraps the same synchronous encoder. The order is made at start-up.
'use strict';
const crypto = require('node:crypto');
const express = require('express');
const QRCode = require('qrcode');

const signingKey = 'tickets-entry-signing-key';
const order = {
  id: 'ORD-7741-2025', event: 'Spring Open Air 2025', buyer: 'Sam Rivera',
  tickets: Array.from({ length: 24 }, (_, i) => {
    const id = `T-${884100 + i}`;
    const sig = crypto.createHmac('sha256', signingKey).update(`${id}:ORD-7741-2025:2025-06-14`).digest('base64url');
    return { id, seat: `Block ${String.fromCharCode(65 + (i % 6))}, row ${1 + (i % 20)}, seat ${1 + i}`, payload: `https://tickets.example/e/spring-open-air-2025/${id}?d=2025-06-14&s=${sig}` };
  }),
};

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res) => {
  const codes = await Promise.all(order.tickets.map((t) => QRCode.toString(t.payload, { type: 'svg', errorCorrectionLevel: 'H', margin: 1, width: 220 })));
  const items = order.tickets.map((t, i) => `<li class="ticket"><h2>${t.id}</h2><p>${t.seat}</p><figure class="qr">${codes[i]}<img class="logo" src="/logo.svg" alt=""></figure></li>`);
  res.type('html').send(`<!doctype html><title>${order.event}: your tickets</title><h1>${order.event}</h1><p>Order ${order.id} for ${order.buyer}</p><ul>${items.join('')}</ul>`);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
