// fastify: a billing service's event replay for one customer account. Events land in the archive as Avro records,
// each stored with the writer schema it was produced with (three revisions of the usage-event schema are in there);
// to read them with the current schema, the service parses each record's writer schema with avsc and builds a
// resolver from it, record by record: avsc code-generates (new Function) the record constructor, reader, writer and
// checker of every record type in the schema, and the resolver's reader, for every single event. /x replays the
// next account's 90 archived events into a usage summary. Schemas and the archive are made at start-up.
'use strict';
const fastify = require('fastify')({ logger: false });
const avro = require('avsc');

function usageSchema(revision) {
  const money = { type: 'record', name: 'Money', fields: [{ name: 'units', type: 'long' }, { name: 'nanos', type: 'int' }, { name: 'currency', type: 'string' }] };
  const meter = { type: 'record', name: 'Meter', fields: [{ name: 'id', type: 'string' }, { name: 'unit', type: { type: 'enum', name: 'Unit',
    symbols: ['REQUEST', 'GB_HOUR', 'VCPU_SECOND', 'SEAT', 'MESSAGE', 'MINUTE'] } }, { name: 'tier', type: ['null', 'string'], default: null }] };
  const fields = [
    { name: 'eventId', type: 'string' }, { name: 'accountId', type: 'string' }, { name: 'occurredAt', type: { type: 'long', logicalType: 'timestamp-millis' } },
    { name: 'meter', type: meter }, { name: 'quantity', type: 'double' }, { name: 'unitPrice', type: money },
    { name: 'region', type: { type: 'enum', name: 'Region', symbols: ['EU_WEST', 'EU_CENTRAL', 'US_EAST', 'US_WEST', 'AP_SOUTH'] } },
    { name: 'resource', type: { type: 'record', name: 'Resource', fields: [{ name: 'kind', type: 'string' }, { name: 'name', type: 'string' },
      { name: 'labels', type: { type: 'map', values: 'string' } }, { name: 'project', type: ['null', 'string'], default: null }] } },
    { name: 'discounts', type: { type: 'array', items: { type: 'record', name: 'Discount', fields: [{ name: 'code', type: 'string' },
      { name: 'percent', type: 'float' }, { name: 'amount', type: ['null', 'Money'], default: null }] } } },
    { name: 'source', type: { type: 'record', name: 'Source', fields: [{ name: 'service', type: 'string' }, { name: 'host', type: 'string' },
      { name: 'build', type: 'string' }, { name: 'batch', type: 'int' }] } },
  ];
  if (revision >= 2) fields.push({ name: 'tax', type: ['null', { type: 'record', name: 'Tax', fields: [{ name: 'rate', type: 'float' },
    { name: 'jurisdiction', type: 'string' }, { name: 'amount', type: 'Money' }] }], default: null });
  if (revision >= 3) fields.push({ name: 'commitment', type: ['null', { type: 'record', name: 'Commitment', fields: [{ name: 'contractId', type: 'string' },
    { name: 'drawdown', type: 'Money' }, { name: 'remaining', type: 'Money' }] }], default: null },
  { name: 'attributes', type: { type: 'map', values: ['null', 'string', 'double', 'boolean'] }, default: {} });
  return { type: 'record', name: 'UsageEvent', namespace: 'com.example.billing', fields };
}
const current = avro.Type.forSchema(usageSchema(3));

// the archive: each record keeps its writer schema's JSON next to the Avro payload
const writers = new Map([1, 2, 3].map((r) => [r, avro.Type.forSchema(usageSchema(r))]));
const archive = new Map();
for (let a = 0; a < 30; a++) {
  const events = [];
  for (let i = 0; i < 90; i++) {
    const revision = 1 + ((a + i) % 3);
    const writer = writers.get(revision);
    const value = { eventId: `evt_${a}_${i}`, accountId: `acct_${a}`, occurredAt: 1733000000000 + i * 60000,
      meter: { id: `meter_${i % 12}`, unit: ['REQUEST', 'GB_HOUR', 'VCPU_SECOND'][i % 3], tier: null }, quantity: 1 + (i % 40) * 0.25,
      unitPrice: { units: 0, nanos: 120000000 + (i % 5) * 1000000, currency: 'EUR' }, region: 'EU_WEST',
      resource: { kind: 'vm', name: `worker-${i % 8}`, labels: { team: 'payments', env: 'prod' }, project: null },
      discounts: i % 4 ? [] : [{ code: 'COMMIT10', percent: 10, amount: null }], source: { service: 'metering', host: 'm-3', build: '2024.11.2', batch: i },
      ...(revision >= 2 ? { tax: { rate: 0.21, jurisdiction: 'NL', amount: { units: 0, nanos: 25200000, currency: 'EUR' } } } : {}),
      ...(revision >= 3 ? { commitment: null, attributes: { sku: 'B2ms' } } : {}) };
    events.push({ schema: JSON.stringify(usageSchema(revision)), payload: writer.toBuffer(value) });
  }
  archive.set(`acct_${a}`, events);
}
let next = 0;

fastify.get('/health', async () => 'ok');
fastify.get('/x', async () => {
  const accountId = `acct_${next++ % archive.size}`;
  const byMeter = {};
  let total = 0;
  for (const record of archive.get(accountId)) {
    const writer = avro.Type.forSchema(JSON.parse(record.schema));
    const event = current.fromBuffer(record.payload, current.createResolver(writer));
    const cost = event.quantity * (event.unitPrice.units + event.unitPrice.nanos / 1e9);
    byMeter[event.meter.id] = (byMeter[event.meter.id] || 0) + cost;
    total += cost;
  }
  return { accountId, total: Math.round(total * 100) / 100, byMeter };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
