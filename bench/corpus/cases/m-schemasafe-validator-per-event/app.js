// Express: the webhook intake of a payments platform. Partners post batches of events; each event is
// checked against the JSON Schema of its type before it is queued. The helper `isValid` builds the
// validator with @exodus/schemasafe's validator() every time it is called, so a batch of 18 events
// compiles the three schemas 18 times (the batch is made at start-up; /x checks it as the POST does).
'use strict';
const express = require('express');
const { validator } = require('@exodus/schemasafe');

const money = { type: 'object', required: ['amount', 'currency'], additionalProperties: false,
  properties: { amount: { type: 'integer', minimum: 0, maximum: 100000000 }, currency: { enum: ['EUR', 'USD', 'GBP', 'CHF', 'JPY'] } } };
const party = { type: 'object', required: ['id', 'name', 'country'], additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^acct_[A-Za-z0-9]{12}$' }, name: { type: 'string', minLength: 1, maxLength: 140 },
    country: { type: 'string', pattern: '^[A-Z]{2}$' }, email: { type: 'string', format: 'email' }, iban: { type: 'string', pattern: '^[A-Z]{2}[0-9A-Z]{13,32}$' } } };
const base = (type, data) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['id', 'type', 'created', 'data'], additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^evt_[A-Za-z0-9]{16}$' }, type: { const: type }, created: { type: 'string', format: 'date-time' },
    livemode: { type: 'boolean' }, data: data, metadata: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 500 } } },
});
const schemas = {
  'payment.succeeded': base('payment.succeeded', { type: 'object', required: ['payment', 'payer', 'payee'], additionalProperties: false,
    properties: { payment: money, fee: money, payer: party, payee: party, method: { enum: ['card', 'sepa', 'ideal', 'wallet'] },
      card: { type: 'object', properties: { brand: { type: 'string' }, last4: { type: 'string', pattern: '^[0-9]{4}$' }, expMonth: { type: 'integer', minimum: 1, maximum: 12 } } } } }),
  'refund.created': base('refund.created', { type: 'object', required: ['refund', 'payment'], additionalProperties: false,
    properties: { refund: money, payment: { type: 'string', pattern: '^pay_[A-Za-z0-9]{12}$' }, reason: { enum: ['duplicate', 'fraud', 'requested'] },
      lines: { type: 'array', maxItems: 50, items: { type: 'object', required: ['sku', 'qty'], properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } } } } } }),
  'payout.paid': base('payout.paid', { type: 'object', required: ['payout', 'destination'], additionalProperties: false,
    properties: { payout: money, destination: party, arrival: { type: 'string', format: 'date' }, statement: { type: 'string', maxLength: 22 } } }),
};

function isValid(event) {
  const validate = validator(schemas[event.type], { includeErrors: true, allErrors: false });
  return validate(event) ? null : validate.errors;
}

const id = (p, i, n) => p + (i * 2654435761 >>> 0).toString(36).padStart(n, '0').slice(0, n);
const acct = (i) => ({ id: id('acct_', i, 12), name: `Merchant ${i}`, country: 'NL', email: `m${i}@example.com` });
const types = Object.keys(schemas);
const batch = Array.from({ length: 18 }, (_, i) => {
  const type = types[i % 3];
  const data = type === 'payment.succeeded' ? { payment: { amount: 1000 + i, currency: 'EUR' }, payer: acct(i), payee: acct(i + 1), method: 'card', card: { brand: 'visa', last4: '4242', expMonth: 5 } }
    : type === 'refund.created' ? { refund: { amount: 500, currency: 'EUR' }, payment: id('pay_', i, 12), reason: 'requested', lines: [{ sku: 'A-1', qty: 1 }] }
      : { payout: { amount: 99000, currency: 'EUR' }, destination: acct(i), arrival: '2024-10-02', statement: 'PAYOUT OCT' };
  return { id: id('evt_', i, 16), type, created: '2024-10-01T10:00:00Z', livemode: true, data };
});

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const rejected = [];
  for (const event of batch) {
    const errors = isValid(event);
    if (errors) rejected.push({ id: event.id, errors });
  }
  res.json({ accepted: batch.length - rejected.length, rejected: rejected.slice(0, 5) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
