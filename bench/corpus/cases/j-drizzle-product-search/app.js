// Polka: the back office's product search box. Drizzle ORM over an embedded SQLite database of
// 450,000 catalogue rows; staff type part of a name or supplier code and get the 50 best-stocked matches.
'use strict';
const polka = require('polka');
const Database = require('better-sqlite3');
const { drizzle } = require('drizzle-orm/better-sqlite3');
const { sqliteTable, integer, text, real } = require('drizzle-orm/sqlite-core');
const { desc, like, or } = require('drizzle-orm');

const products = sqliteTable('products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  supplierCode: text('supplier_code').notNull(),
  description: text('description').notNull(),
  price: real('price').notNull(),
  stock: integer('stock').notNull(),
});

const sqlite = new Database(':memory:');
sqlite.exec(`CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, supplier_code TEXT NOT NULL,
  description TEXT NOT NULL, price REAL NOT NULL, stock INTEGER NOT NULL)`);
const db = drizzle(sqlite);
const colours = ['red', 'blue', 'green', 'black', 'white', 'oak', 'steel'];
const kinds = ['chair', 'table', 'lamp', 'shelf', 'desk', 'cabinet', 'stool', 'bench'];
sqlite.transaction(() => {
  const batch = [];
  for (let i = 1; i <= 450000; i++) {
    batch.push({ id: i, name: `${colours[i % 7]} ${kinds[(i >> 3) % 8]} model ${i % 5000}`, supplierCode: `SUP-${(i * 7919) % 100000}`,
      description: `A ${colours[(i >> 2) % 7]} ${kinds[i % 8]} for home and office, ${i % 40} cm deep, batch ${i % 997}.`, price: (i % 900) / 10, stock: (i * 31) % 500 });
    if (batch.length === 500) db.insert(products).values(batch.splice(0)).run();
  }
})();

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const term = `%${new URL(req.url, 'http://x').searchParams.get('q') || 'oak desk model 12'}%`;
    const rows = db.select().from(products).where(or(like(products.name, term), like(products.supplierCode, term), like(products.description, term))).orderBy(desc(products.stock)).limit(50).all();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(rows));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
