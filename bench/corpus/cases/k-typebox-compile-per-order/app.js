// Express: the order-intake API of a B2B shop. Partners post orders in batches; each order is checked
// against the partner's TypeBox schema before it is accepted. The shared helper `check` compiles the
// schema with TypeCompiler.Compile every time it is called, so a batch of 500 orders compiles the same
// schema 250 times (the batch is made at start-up here; /x validates it as the POST handler does).
'use strict';
const express = require('express');
const { Type } = require('@sinclair/typebox');
const { TypeCompiler } = require('@sinclair/typebox/compiler');

const Address = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120 }), street: Type.String({ minLength: 1 }), city: Type.String({ minLength: 1 }),
  postcode: Type.String({ pattern: '^[0-9A-Z -]{3,10}$' }), country: Type.String({ pattern: '^[A-Z]{2}$' }), phone: Type.Optional(Type.String()),
});
const Line = Type.Object({
  sku: Type.String({ pattern: '^SKU-[0-9]{5}$' }), quantity: Type.Integer({ minimum: 1, maximum: 999 }), unitPrice: Type.Number({ minimum: 0 }),
  discount: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })), note: Type.Optional(Type.String({ maxLength: 200 })),
  options: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
});
const Order = Type.Object({
  orderId: Type.String({ pattern: '^[a-f0-9-]{36}$' }), partnerId: Type.String(), createdAt: Type.String(),
  currency: Type.Union([Type.Literal('EUR'), Type.Literal('USD'), Type.Literal('GBP'), Type.Literal('CHF')]),
  billing: Address, shipping: Address, lines: Type.Array(Line, { minItems: 1, maxItems: 200 }),
  payment: Type.Union([
    Type.Object({ kind: Type.Literal('invoice'), termsDays: Type.Integer({ minimum: 0, maximum: 90 }) }),
    Type.Object({ kind: Type.Literal('card'), token: Type.String(), last4: Type.String({ pattern: '^[0-9]{4}$' }) }),
    Type.Object({ kind: Type.Literal('sepa'), iban: Type.String({ pattern: '^[A-Z]{2}[0-9A-Z]{13,32}$' }), mandate: Type.String() }),
  ]),
  tags: Type.Array(Type.String(), { maxItems: 20 }), metadata: Type.Optional(Type.Record(Type.String(), Type.String())),
});

function check(schema, value) {
  const compiled = TypeCompiler.Compile(schema);
  return compiled.Check(value) ? null : [...compiled.Errors(value)].slice(0, 3);
}

const hex = (n) => (n * 2654435761 >>> 0).toString(16).padStart(8, '0');
const address = (i) => ({ name: `Buyer ${i}`, street: `${i} Main St`, city: 'Lyon', postcode: '69001', country: 'FR' });
const batch = Array.from({ length: 500 }, (_, i) => ({
  orderId: `${hex(i)}-${hex(i + 1).slice(0, 4)}-${hex(i + 2).slice(0, 4)}-${hex(i + 3).slice(0, 4)}-${hex(i + 4)}${hex(i + 5).slice(0, 4)}`,
  partnerId: 'p-17', createdAt: '2024-10-01T10:00:00Z', currency: 'EUR', billing: address(i), shipping: address(i),
  lines: Array.from({ length: 3 }, (__, l) => ({ sku: `SKU-${String(10000 + i + l)}`, quantity: 1 + l, unitPrice: 9.5 })),
  payment: { kind: 'invoice', termsDays: 30 }, tags: ['b2b'],
}));

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const rejected = [];
  for (const order of batch) {
    const errors = check(Order, order);
    if (errors) rejected.push({ orderId: order.orderId, errors });
  }
  res.json({ accepted: batch.length - rejected.length, rejected });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
