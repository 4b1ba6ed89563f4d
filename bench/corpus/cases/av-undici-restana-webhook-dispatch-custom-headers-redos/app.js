// restana: the outbound webhook dispatcher of a B2B invoicing platform. Each subscription (a customer's endpoint)
// may carry custom headers that every delivery repeats (a key for the customer's API gateway, a routing key).
// /subscriptions/:id/deliveries/prepare is the dispatcher's prepare step: for each pending event of the subscription
// it builds the outbound fetch Request with undici, the fetch client the dispatcher pins (5.19.0), and parks it in
// the outbox for the sender. The subscription API only checks a header value's length (8 KB) and characters, so one
// customer's routing key, set through that API, carries a long run of spaces between two words; undici 5.19.0 trims
// every header value with /^[\r\n\t ]+|[\r\n\t ]+$/g (CVE-2023-24807, fixed in 5.19.1). Subscriptions and events
// are made at start-up.
'use strict';
const crypto = require('node:crypto');
const restana = require('restana');
const { Request } = require('undici');

const signingKeys = new Map();
const subscriptions = new Map(Array.from({ length: 30 }, (_, i) => {
  const id = `sub_${4100 + i}`;
  signingKeys.set(id, crypto.randomBytes(32));
  const customHeaders = { 'x-gateway-key': `gk_live_${crypto.createHash('sha256').update(id).digest('hex').slice(0, 32)}` };
  if (i % 3 === 0) customHeaders['x-routing-key'] = `tenant-${i} invoices`;
  if (id === 'sub_4117') customHeaders['x-routing-key'] = `NORDLAND-AP${' '.repeat(7000)}INVOICES`;
  return [id, { id, customer: `CUS-${88000 + i}`, url: `https://hooks.customer-${i}.example/invoicing`, customHeaders }];
}));
const pending = new Map([...subscriptions.keys()].map((id, i) => [id, Array.from({ length: 5 }, (_, k) => ({
  id: `evt_${700000 + i * 10 + k}`, type: ['invoice.issued', 'invoice.paid', 'credit_note.issued'][k % 3],
  data: { invoice: `INV-2025-${31000 + i * 10 + k}`, amount: 1200 + k * 85.5, currency: 'EUR' }, createdAt: 1748736000 + k * 60,
}))]));
const outbox = [];

function prepareDelivery(sub, event) {
  const body = JSON.stringify(event);
  const signature = crypto.createHmac('sha256', signingKeys.get(sub.id)).update(`${event.createdAt}.${body}`).digest('hex');
  const headers = { ...sub.customHeaders, 'content-type': 'application/json', 'webhook-id': event.id, 'webhook-signature': `t=${event.createdAt},v1=${signature}` };
  return new Request(sub.url, { method: 'POST', headers, body });
}

const service = restana();
service.get('/health', (req, res) => res.send('ok'));
service.get('/subscriptions/:id/deliveries/prepare', (req, res) => {
  const sub = subscriptions.get(req.params.id);
  if (!sub) return res.send({ error: 'unknown subscription' }, 404);
  const prepared = pending.get(sub.id).map((event) => prepareDelivery(sub, event));
  outbox.push(...prepared);
  if (outbox.length > 500) outbox.splice(0, outbox.length - 500);
  res.send({ subscription: sub.id, customer: sub.customer, prepared: prepared.length, headers: [...prepared[0].headers.keys()] });
});
service.start(Number(process.env.PORT) || 0, '127.0.0.1');
