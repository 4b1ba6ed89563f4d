// tinyhttp (ESM): the supplier portal of a grocery wholesaler. Suppliers upload next month's price list; the portal's
// review screen calls /price-lists/:id/validation, which checks every row with VineJS before a buyer approves it. The
// row schema is declared once, but each row goes through vine.validate({ schema, data }), the one-off helper, which
// compiles the schema into a validator function (VineJS's compiler writes JavaScript source and builds it with
// new Function) on every call: 250 compilations per request. Price lists are made at start-up.
import { App } from '@tinyhttp/app';
import helmet from 'helmet';
import vine, { errors } from '@vinejs/vine';

const rowSchema = vine.object({
  sku: vine.string().trim().regex(/^[A-Z]{3}-\d{5}$/),
  gtin: vine.string().fixedLength(13),
  name: vine.string().trim().minLength(3).maxLength(120),
  brand: vine.string().trim().maxLength(60),
  category: vine.enum(['beverages', 'snacks', 'household', 'personal-care', 'frozen']),
  unitPrice: vine.number().positive().decimal([0, 2]),
  currency: vine.enum(['EUR', 'GBP']),
  vatRate: vine.number().in([0, 9, 13.5, 23]),
  packSize: vine.number().withoutDecimals().min(1).max(96),
  minOrder: vine.number().withoutDecimals().min(1),
  leadTimeDays: vine.number().withoutDecimals().range([0, 60]),
  validFrom: vine.date({ formats: ['YYYY-MM-DD'] }),
  discontinued: vine.boolean(),
  tiers: vine.array(vine.object({ fromQty: vine.number().withoutDecimals().min(1), price: vine.number().positive() })).maxLength(5),
  allergens: vine.array(vine.string()).optional(),
  supplier: vine.object({ id: vine.string(), name: vine.string(), country: vine.string().fixedLength(2) }),
});

const categories = ['beverages', 'snacks', 'household', 'personal-care', 'frozen'];
const priceLists = new Map([['PL-2025-07-GLEN', Array.from({ length: 250 }, (_, i) => ({
  sku: `${['BEV', 'SNK', 'HHD', 'PCR', 'FRZ'][i % 5]}-${10000 + i}`, gtin: String(5012345000000 + i), name: `Glenbrook line item ${i}`, brand: 'Glenbrook',
  category: categories[i % 5], unitPrice: i % 97 === 5 ? -1 : 0.5 + (i % 50) / 10, currency: 'EUR', vatRate: [0, 9, 13.5, 23][i % 4], packSize: 6 + (i % 4) * 6,
  minOrder: 10, leadTimeDays: 3 + (i % 9), validFrom: '2025-07-01', discontinued: i % 31 === 0,
  tiers: [{ fromQty: 10, price: 0.45 }, { fromQty: 50, price: 0.41 }], allergens: i % 2 ? ['gluten'] : [], supplier: { id: 'SUP-0192', name: 'Glenbrook Ltd', country: 'IE' },
}))]]);

async function validateList(rows) {
  const problems = [];
  for (const [index, row] of rows.entries()) {
    try {
      await vine.validate({ schema: rowSchema, data: row });
    } catch (err) {
      if (!(err instanceof errors.E_VALIDATION_ERROR)) throw err;
      problems.push({ row: index + 1, sku: row.sku, messages: err.messages.map((m) => `${m.field}: ${m.message}`) });
    }
  }
  return problems;
}

const app = new App();
app.use(helmet());
app.get('/health', (req, res) => res.send('ok'));
app.get('/price-lists/:id/validation', async (req, res) => {
  const rows = priceLists.get(req.params.id);
  if (!rows) return res.status(404).json({ error: 'no such price list' });
  const problems = await validateList(rows);
  res.json({ priceList: req.params.id, rows: rows.length, valid: rows.length - problems.length, problems });
});
app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
