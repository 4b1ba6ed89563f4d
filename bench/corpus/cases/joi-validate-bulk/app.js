// A bulk import validated as one array of 12,000 rows with joi (schema built once, at start-up).
'use strict';
const express = require('express');
const Joi = require('joi');

const rowsSchema = Joi.array().items(Joi.object({
  id: Joi.number().integer().required(),
  email: Joi.string().email().required(),
  name: Joi.string().max(100),
  tags: Joi.array().items(Joi.string()),
}));
const batch = [];
for (let i = 0; i < 12000; i++) batch.push({ id: i, email: `u${i}@example.com`, name: `User ${i}`, tags: ['a', 'b'] });

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const { error, value } = rowsSchema.validate(batch);
  res.json({ ok: !error, rows: value.length });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
