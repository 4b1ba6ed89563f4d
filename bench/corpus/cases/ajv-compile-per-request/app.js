// A settings endpoint that builds a new Ajv and compiles its (large) JSON schema inside the handler.
'use strict';
const express = require('express');
const Ajv = require('ajv');

const properties = {};
for (let i = 0; i < 100; i++) {
  properties[`f${i}`] = { type: 'object', properties: { a: { type: 'string', maxLength: 50, pattern: '^[a-z]+$' }, b: { type: 'integer', minimum: 0 }, c: { type: 'array', items: { type: 'string' } } }, required: ['a'] };
}
const settingsSchema = { type: 'object', properties, additionalProperties: false };
const settings = { f1: { a: 'abc', b: 1, c: ['x'] }, f2: { a: 'def' } };

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const ajv = new Ajv({ allErrors: true });
  const validate = ajv.compile(settingsSchema);
  res.json({ valid: validate(settings), errors: validate.errors });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
