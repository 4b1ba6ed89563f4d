// Sequelize on SQLite (sqlite3): a list endpoint that loads 8,000 rows as model instances.
'use strict';
const express = require('express');
const { Sequelize, DataTypes } = require('sequelize');

const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
const Product = sequelize.define('Product', {
  name: DataTypes.STRING,
  sku: DataTypes.STRING,
  price: DataTypes.FLOAT,
  stock: DataTypes.INTEGER,
  description: DataTypes.TEXT,
});

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', async (req, res, next) => {
  try {
    const products = await Product.findAll();
    res.json({ count: products.length, first: products[0] });
  } catch (err) {
    next(err);
  }
});

(async () => {
  await sequelize.sync();
  const rows = [];
  for (let i = 0; i < 8000; i++) rows.push({ name: `Product ${i}`, sku: `SKU-${i}`, price: i / 10, stock: i % 50, description: 'A fine product' });
  await Product.bulkCreate(rows);
  app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
})();
