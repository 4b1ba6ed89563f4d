// h3 v2: a VAT report totals 600,000 invoice lines per country, converting each line to euros with a
// rate lookup memoized by `memoize` (the lookup was an HTTP call; the memoized promises are all resolved
// after start-up). The loop awaits once per line: each await is a microtask, and the loop never yields.
import { H3, serve } from 'h3';
import memoize from 'memoize';

const table = { EUR: 1, USD: 0.92, GBP: 1.17, CHF: 1.04, JPY: 0.0061 };
const rateOf = memoize(async (currency) => table[currency]);
const vat = { DE: 0.19, FR: 0.2, NL: 0.21, IT: 0.22 };
const currencies = Object.keys(table);
const countries = Object.keys(vat);
const lines = Array.from({ length: 600000 }, (_, i) => ({ qty: (i % 5) + 1, price: (i % 100) / 3, currency: currencies[i % 5], country: countries[i % 4] }));
await Promise.all(currencies.map((c) => rateOf(c))); // warm the memo

const app = new H3();
app.get('/health', () => 'ok');
app.get('/x', async () => {
  const totals = {};
  for (const l of lines) { const net = Math.round(l.qty * l.price * (await rateOf(l.currency)) * 100) / 100; totals[l.country] = (totals[l.country] ?? 0) + net + Math.round(net * vat[l.country] * 100) / 100; }
  return totals;
});

serve(app, { port: Number(process.env.PORT) || 0, hostname: '127.0.0.1', silent: true });
