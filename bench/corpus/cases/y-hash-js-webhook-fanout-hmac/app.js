// Express 5: an order platform fans each event out to its partners' webhooks. /x publishes an order event:
// for every subscribed endpoint (520 of them) it signs the delivery body with HMAC-SHA256 under that endpoint's
// secret, using the signing module shared with the browser SDK (hash.js, pure JavaScript), and queues the
// signed deliveries for the sender. The order body is about 6 KB with its lines.
'use strict';
const express = require('express');
const hash = require('hash.js');

const endpoints = Array.from({ length: 520 }, (_, i) => ({ id: `wh_${i}`, url: `https://partner-${i}.example.net/hooks/orders`, secret: `whsec_${(i * 2654435761 >>> 0).toString(36)}${i}` }));
const order = { id: 'ord_88213', status: 'paid', currency: 'EUR', customer: { id: 'cus_5120', email: 'buyer@example.com' },
  lines: Array.from({ length: 40 }, (_, i) => ({ sku: `SKU-${1000 + i}`, name: `Line item ${i} with a descriptive product name`, qty: 1 + (i % 3), unitPrice: 9.99 + i })) };
const outbox = [];
let seq = 0;

function sign(secret, timestamp, body) {
  return hash.hmac(hash.sha256, secret).update(`${timestamp}.${body}`).digest('hex');
}

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });

app.get('/x', (req, res) => {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ id: `evt_${seq++}`, type: 'order.paid', created: timestamp, data: order });
  for (const ep of endpoints) {
    outbox.push({ endpoint: ep.id, url: ep.url, body, signature: `t=${timestamp},v1=${sign(ep.secret, timestamp, body)}` });
  }
  if (outbox.length > 5000) outbox.splice(0, outbox.length - 5000);
  res.status(202).json({ queued: endpoints.length, bodyBytes: body.length });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
