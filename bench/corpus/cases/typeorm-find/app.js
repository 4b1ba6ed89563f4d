// TypeORM on better-sqlite3: a list endpoint that loads 4,000 products with their category, supplier and tags.
'use strict';
require('reflect-metadata');
const express = require('express');
const { DataSource, EntitySchema } = require('typeorm');

const Category = new EntitySchema({
  name: 'Category',
  columns: { id: { type: Number, primary: true, generated: true }, name: { type: String } },
});
const Tag = new EntitySchema({
  name: 'Tag',
  columns: { id: { type: Number, primary: true, generated: true }, label: { type: String } },
});
const Supplier = new EntitySchema({
  name: 'Supplier',
  columns: { id: { type: Number, primary: true, generated: true }, name: { type: String } },
});
const Product = new EntitySchema({
  name: 'Product',
  columns: {
    id: { type: Number, primary: true, generated: true },
    name: { type: String },
    price: { type: 'real' },
    description: { type: 'text' },
  },
  relations: {
    category: { type: 'many-to-one', target: 'Category' },
    supplier: { type: 'many-to-one', target: 'Supplier' },
    tags: { type: 'many-to-many', target: 'Tag', joinTable: true },
  },
});
const db = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Category, Supplier, Tag, Product], synchronize: true });

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', async (req, res, next) => {
  try {
    const list = await db.getRepository('Product').find({ relations: { category: true, supplier: true, tags: true } });
    res.json({ count: list.length, first: list[0] });
  } catch (err) {
    next(err);
  }
});

(async () => {
  await db.initialize();
  const categories = await db.getRepository('Category').save(Array.from({ length: 20 }, (_, i) => ({ name: `Category ${i}` })));
  const tags = await db.getRepository('Tag').save(Array.from({ length: 10 }, (_, i) => ({ label: `tag${i}` })));
  const suppliers = await db.getRepository('Supplier').save(Array.from({ length: 30 }, (_, i) => ({ name: `Supplier ${i}` })));
  const products = [];
  for (let i = 0; i < 4000; i++) {
    products.push({ name: `Product ${i}`, price: i / 10, description: 'A fine product', category: categories[i % 20], supplier: suppliers[i % 30], tags: [tags[i % 10], tags[(i + 3) % 10]] });
  }
  await db.getRepository('Product').save(products, { chunk: 500 });
  app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
})();
