// Fastify 5: a retailer's loyalty service books the tills' end-of-day receipts. /x takes the day's
// receipt batch (8,000 receipts, made here at start-up) and, for each receipt, builds its points-ledger
// upsert (INSERT ... ON CONFLICT (receipt_no) DO UPDATE, so a till that re-sends a receipt is harmless)
// with node-sql ("sql" on npm), the builder the service's table definitions are written in. The
// statements go to the ledger writer's outbox (an in-process array here); their text is the same for
// every receipt, only the values change.
'use strict';
const fastify = require('fastify')({ logger: false });
const sql = require('sql');

sql.setDialect('postgres');
const pointsLedger = sql.define({
  name: 'points_ledger',
  columns: ['receipt_no', 'member_id', 'store_id', 'points', 'tier', 'booked_at'],
});

const tiers = ['basic', 'silver', 'gold', 'platinum'];
const receipts = Array.from({ length: 8000 }, (_, i) => ({
  memberId: 500000 + ((i * 7919) % 60000), storeId: 100 + (i % 42), receiptNo: `R-${100 + (i % 42)}-${String(i).padStart(6, '0')}`,
  amountCents: 199 + ((i * 313) % 25000), tier: tiers[i % 4], at: new Date(1717236000000 + i * 9000),
}));
const outbox = [];

fastify.get('/health', async () => ({ ok: true }));
fastify.get('/x', async () => {
  const statements = [];
  for (const r of receipts) {
    const points = Math.floor(r.amountCents / 100) * (r.tier === 'platinum' ? 3 : r.tier === 'gold' ? 2 : 1);
    statements.push(pointsLedger.insert({ receipt_no: r.receiptNo, member_id: r.memberId, store_id: r.storeId, points, tier: r.tier, booked_at: r.at }).onConflict({ columns: ['receipt_no'], update: ['member_id', 'store_id', 'points', 'tier', 'booked_at'] }).toQuery());
  }
  outbox.length = 0;
  outbox.push(...statements);
  return { receipts: receipts.length, statements: statements.length, sample: statements[0].text };
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
