// Polka: the logistics platform's partner webhook. Carriers post batches of tracking events; /x takes the
// batch waiting in the inbox (200 events of six types, made at start-up) and checks each event's payload
// against the JSON Schema of its type with jsen. The handler looks the schema up by the event's type and
// calls jsen(schema) for every event: each call compiles the schema into a new validation function.
'use strict';
const polka = require('polka');
const jsen = require('jsen');

const address = { type: 'object', required: ['country', 'postcode'], properties: {
  name: { type: 'string', maxLength: 80 }, street: { type: 'string', maxLength: 120 }, postcode: { type: 'string', pattern: '^[A-Z0-9 -]{3,10}$' },
  city: { type: 'string', maxLength: 60 }, country: { type: 'string', pattern: '^[A-Z]{2}$' } }, additionalProperties: false };
const base = {
  shipmentId: { type: 'string', pattern: '^SHP-[0-9]{8}$' }, carrier: { type: 'string', enum: ['DHL', 'UPS', 'DPD', 'GLS', 'Hermes', 'FedEx'] },
  occurredAt: { type: 'string', format: 'date-time' }, location: address,
  parcels: { type: 'array', maxItems: 20, items: { type: 'object', required: ['barcode', 'weightKg'], properties: {
    barcode: { type: 'string', pattern: '^[0-9A-Z]{10,30}$' }, weightKg: { type: 'number', minimum: 0, maximum: 31.5 },
    dims: { type: 'object', properties: { l: { type: 'integer', minimum: 1 }, w: { type: 'integer', minimum: 1 }, h: { type: 'integer', minimum: 1 } } } } } },
  contact: { type: 'object', properties: { email: { type: 'string', format: 'email' }, phone: { type: 'string', pattern: '^\\+?[0-9 ]{6,20}$' } } },
};
const types = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'delivery_failed', 'returned'];
const schemas = Object.fromEntries(types.map((t, k) => [t, { type: 'object', required: ['shipmentId', 'carrier', 'occurredAt'],
  properties: { ...base, type: { enum: [t] }, note: { type: 'string', maxLength: 200 + k }, attempt: { type: 'integer', minimum: 1, maximum: 5 },
    signature: { type: ['string', 'null'], maxLength: 64 } }, additionalProperties: false }]));
const inbox = Array.from({ length: 200 }, (_, i) => ({ type: types[i % 6], payload: {
  shipmentId: `SHP-${String(10000000 + i * 7)}`, carrier: ['DHL', 'UPS', 'DPD', 'GLS'][i % 4], occurredAt: `2025-03-0${1 + (i % 9)}T10:${String(i % 60).padStart(2, '0')}:00Z`,
  type: types[i % 6], location: { postcode: '10115', city: 'Berlin', country: 'DE' }, attempt: 1 + (i % 3),
  parcels: [{ barcode: `00340434${String(100000 + i)}`, weightKg: 1.5 + (i % 20), dims: { l: 30, w: 20, h: 10 + (i % 15) } }],
  contact: { email: `customer${i}@mail.example`, phone: '+49 30 1234567' }, note: i % 7 ? 'left with neighbour' : 'x'.repeat(300) } }));

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    let rejected = 0;
    for (const event of inbox) {
      const validate = jsen(schemas[event.type], { greedy: true });
      if (!validate(event.payload)) rejected++;
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ events: inbox.length, rejected }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
