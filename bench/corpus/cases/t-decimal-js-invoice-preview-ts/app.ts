// Express 4 in TypeScript, compiled with tsc to dist/ (CommonJS, with source maps), as the billing team ships
// it. /x previews a large account's open invoices: finance asked for decimal arithmetic (no float rounding),
// so each of the 12,000 invoice lines is quantity x unit price less its discount, and VAT at its rate, each
// rounded half-even to the cent with decimal.js, then summed per invoice and per tax rate. The lines are made
// at start-up.
import express from 'express';
import Decimal from 'decimal.js';

Decimal.set({ precision: 34, rounding: Decimal.ROUND_HALF_EVEN });

interface InvoiceLine { invoice: string; sku: string; quantity: string; unitPrice: string; discountPct: string; vatRate: string }
interface Totals { net: Decimal; vat: Decimal }

const rates = ['0.19', '0.07', '0', '0.2'];
const lines: InvoiceLine[] = Array.from({ length: 12000 }, (_, i) => ({
  invoice: `INV-${2024000 + Math.floor(i / 40)}`, sku: `SKU-${(i * 31) % 5000}`, quantity: String(1 + (i % 17)),
  unitPrice: `${3 + (i % 250)}.${String((i * 37) % 100).padStart(2, '0')}`, discountPct: i % 5 === 0 ? '12.5' : String(i % 7),
  vatRate: rates[i % rates.length],
}));

function lineTotals(l: InvoiceLine): Totals {
  const gross = new Decimal(l.quantity).times(l.unitPrice);
  const net = gross.minus(gross.times(l.discountPct).dividedBy(100)).toDecimalPlaces(2);
  return { net, vat: net.times(l.vatRate).toDecimalPlaces(2) };
}

const app = express();
app.get('/health', (_req, res) => { res.send('ok'); });
app.get('/x', (_req, res) => {
  const invoices = new Map<string, Totals>();
  for (const l of lines) {
    const t = lineTotals(l);
    const sum = invoices.get(l.invoice);
    invoices.set(l.invoice, sum ? { net: sum.net.plus(t.net), vat: sum.vat.plus(t.vat) } : t);
  }
  const rows = [...invoices].map(([id, t]) => ({ id, net: t.net.toFixed(2), vat: t.vat.toFixed(2), gross: t.net.plus(t.vat).toFixed(2) }));
  res.json({ invoices: rows.length, rows: rows.slice(0, 20) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
