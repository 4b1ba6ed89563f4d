// Express 5: a wallet service answers an account-statement request by folding the ledger into a
// balance in the account's currency. Conversion rates come from a rates client whose cache was warmed
// at start-up.
import express from 'express';
import pReduce from 'p-reduce';

const rateCache = new Map([['EUR', 1], ['USD', 0.92], ['GBP', 1.17], ['CHF', 1.04], ['PLN', 0.23]]);
const rates = {
  async toEur(amount, currency) {
    return amount * rateCache.get(currency);
  },
};

const currencies = [...rateCache.keys()];
const ledger = Array.from({ length: 220000 }, (_, i) => ({
  id: i,
  amount: (((i * 7919) % 20000) - 9000) / 100,
  currency: currencies[i % currencies.length],
}));

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res) => {
  const balance = await pReduce(ledger, async (sum, entry) => sum + await rates.toEur(entry.amount, entry.currency), 0);
  res.json({ entries: ledger.length, balanceEur: Math.round(balance * 100) / 100 });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
