// tinyhttp: a statement endpoint totals a merchant's 1,500,000 ledger amounts with `for await`, written
// for a streaming database cursor; the amounts now come from an in-memory cache (an Int32Array column), so
// every step awaits an already-known value: each is a microtask, and the walk runs without a turn of the loop.
import { App } from '@tinyhttp/app';

const amounts = new Int32Array(1500000);
for (let i = 0; i < amounts.length; i++) amounts[i] = i % 5 ? (i * 7919) % 20000 : -((i * 31) % 5000);
const ledgerCache = new Map([['m-42', amounts]]);

async function* openCursor(customerId) { // the database path on a cache miss (not taken here: the cache is warm)
  throw new Error(`ledger of ${customerId} is not cached and no database is configured`);
}

const app = new App();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res) => {
  const entries = ledgerCache.get('m-42') ?? openCursor('m-42');
  let balance = 0;
  let refunds = 0;
  for await (const cents of entries) { balance += cents; if (cents < 0) refunds += 1; }
  res.json({ balance, refunds });
});

app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
