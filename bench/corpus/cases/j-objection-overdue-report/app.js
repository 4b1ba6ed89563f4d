// Koa: the billing back office's overdue report. Objection models over knex and an embedded SQLite
// database (300,000 invoices); the report sums the overdue unpaid amount per customer, largest first.
'use strict';
const Koa = require('koa');
const Knex = require('knex');
const { Model } = require('objection');

class Invoice extends Model {
  static get tableName() { return 'invoices'; }
}

async function main() {
  const knex = Knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  Model.knex(knex);
  await knex.schema.createTable('invoices', (t) => {
    t.increments('id');
    for (const c of ['invoice_number', 'customer_name', 'billing_country', 'payment_status', 'due_date', 'cost_centre']) t.string(c);
    t.float('gross_amount');
  });
  const rows = Array.from({ length: 300000 }, (_, i) => ({
    invoice_number: `INV-${200000 + i}`, customer_name: `Customer ${(i * 7919) % 5000}`, billing_country: ['DE', 'FR', 'NL', 'IT'][i % 4],
    payment_status: i % 3 ? 'unpaid' : 'paid', due_date: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    cost_centre: `CC-${i % 40}`, gross_amount: ((i * 13) % 5000) * 1.19,
  }));
  await knex.transaction(async (trx) => { for (let i = 0; i < rows.length; i += 400) await trx('invoices').insert(rows.slice(i, i + 400)); });

  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.path === '/health') { ctx.body = 'ok'; return; }
    const report = await Invoice.query().select('customer_name').sum('gross_amount as overdue').count('* as invoices').where('payment_status', 'unpaid').where('due_date', '<', '2025-10-01').groupBy('customer_name').orderBy('overdue', 'desc');
    ctx.body = { customers: report.length, top: report.slice(0, 20) };
  });
  app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
