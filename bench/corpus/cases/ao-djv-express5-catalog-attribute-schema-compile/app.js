// Express 5: the product-information service of a marketplace. Each category has an attribute schema (JSON
// Schema, 750 attributes for "power tools", made at start-up here as the schema registry would serve it). /x
// validates a seller's draft listing against its category's schema before the listing editor shows the errors:
// the app's validateListing helper builds a new djv environment and adds the category schema on every request,
// so djv generates and compiles the validator's code each time, then runs it once on a small document.
'use strict';
const express = require('express');
const djv = require('djv');

function attribute(i) {
  if (i % 4 === 0) return { type: 'string', minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9 _.,/-]+$' };
  if (i % 4 === 1) return { type: 'integer', minimum: 0, maximum: 100000 };
  if (i % 4 === 2) return { type: 'string', enum: ['metal', 'plastic', 'wood', 'composite', 'other'] };
  return { type: 'object', required: ['unit', 'value'], properties: { unit: { type: 'string', enum: ['mm', 'cm', 'kg', 'W', 'V'] }, value: { type: 'number', minimum: 0 } }, additionalProperties: false };
}
const categories = new Map();
for (const [id, n] of [['power-tools', 750], ['garden', 120]]) {
  const properties = {};
  for (let i = 0; i < n; i++) properties[`attr_${i}`] = attribute(i);
  categories.set(id, { version: 14, schema: { type: 'object', required: ['title', 'attributes'], properties: { title: { type: 'string', minLength: 5 }, attributes: { type: 'object', properties, additionalProperties: false }, variants: { type: 'array', maxItems: 50, items: { type: 'object', properties } } } } });
}
const draft = { title: 'Cordless drill 18V', attributes: { attr_0: 'Bosch GSR 18V-55', attr_1: 55, attr_2: 'metal', attr_3: { unit: 'kg', value: 1.2 }, warranty: '2y' }, variants: [{ attr_2: 'plastic' }] };

function validateListing(categoryId, listing) {
  const category = categories.get(categoryId);
  const env = new djv();
  env.addSchema(categoryId, category.schema);
  const error = env.validate(`${categoryId}#`, listing);
  return error ? [{ keyword: error.keyword, path: error.dataPath }] : [];
}

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const category = req.query.category || 'power-tools';
  const errors = validateListing(category, draft);
  res.json({ category, schemaVersion: categories.get(category).version, valid: errors.length === 0, errors });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
