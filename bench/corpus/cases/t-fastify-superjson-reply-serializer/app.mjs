// Fastify 4 (ESM): the back office's reporting API, whose React client reads superjson so that dates, Maps,
// Sets and BigInt amounts survive the trip. The team put superjson in as fastify's reply serializer, so the
// handlers return plain JS objects and every reply is serialized after the handler, in fastify's send path.
// /x returns the month's settlement report: 550 settlements with their dates, a Map of fee lines, a Set of
// tags and BigInt amounts in cents. The settlements are made at start-up.
import Fastify from 'fastify';
import superjson from 'superjson';

const settlements = Array.from({ length: 550 }, (_, i) => ({
  id: `STL-${800000 + i}`, merchant: { id: `M-${i % 400}`, name: `Merchant ${i % 400}`, country: ['DE', 'FR', 'NL'][i % 3] },
  createdAt: new Date(Date.UTC(2025, 1, 1 + (i % 28), 8, i % 60)), settledAt: i % 7 ? new Date(Date.UTC(2025, 1, 2 + (i % 27), 16)) : null,
  grossCents: BigInt(1000000 + i * 7919), netCents: BigInt(970000 + i * 7700),
  fees: new Map([['interchange', BigInt(1200 + (i % 90))], ['scheme', BigInt(300 + (i % 30))], ['acquirer', BigInt(950)]]),
  tags: new Set(i % 5 ? ['card', 'eu'] : ['card', 'eu', 'review']),
  payouts: Array.from({ length: 3 }, (_, k) => ({ iban: `DE89370400440532013${String(k).padStart(3, '0')}`, amountCents: BigInt(300000 + k * 10), at: new Date(Date.UTC(2025, 1, 3 + (i % 25), 9 + k)) })),
}));

const app = Fastify();
app.setReplySerializer((payload) => superjson.stringify(payload));
app.get('/health', async () => ({ status: 'ok' }));
app.get('/x', async () => ({ month: '2025-02', generatedAt: new Date(), settlements }));
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
