// Polka: the webhooks outbox. Each delivery run takes the next 48 pending events, signs each event body
// with the platform's Ed25519 key (tweetnacl, so that subscribers can verify with the published public
// key) and hands the signed batch to the HTTP sender.
import polka from 'polka';
import nacl from 'tweetnacl';

const signingKey = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(7));
const types = ['order.created', 'order.paid', 'order.shipped', 'refund.created'];
const pending = Array.from({ length: 5000 }, (_, i) => ({
  id: `evt_${100000 + i}`,
  subscriber: `https://hooks.example.com/s/${i % 40}`,
  body: JSON.stringify({ id: `evt_${100000 + i}`, type: types[i % 4], created: 1767225600 + i, data: { order: `ord_${i}`, amount: 1000 + i, currency: 'EUR' } }),
}));
let cursor = 0;

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const batch = [];
    for (let n = 0; n < 48; n++) {
      const event = pending[cursor++ % pending.length];
      const signature = nacl.sign.detached(Buffer.from(event.body), signingKey.secretKey);
      batch.push({ url: event.subscriber, headers: { 'x-signature-ed25519': Buffer.from(signature).toString('base64') }, body: event.body });
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ queued: batch.length, last: batch[batch.length - 1].headers }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
