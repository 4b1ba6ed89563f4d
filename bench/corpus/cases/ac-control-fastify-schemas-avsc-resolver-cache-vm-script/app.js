// control: fastify 5 for a billing service's usage API, with generated code everywhere but built once. The route's
// querystring schema (ajv) and response schema (fast-json-stringify) are compiled by fastify at start-up; archived
// Avro usage events are read with avsc resolvers cached per writer-schema fingerprint (three revisions, so three
// resolvers); the account's pricing rule is a JavaScript expression compiled once into a vm.Script and run in one
// context made at start-up. /x returns one account's last 60 usage events, priced. Made at start-up.
'use strict';
const crypto = require('node:crypto');
const vm = require('node:vm');
const fastify = require('fastify')({ logger: false });
const avro = require('avsc');

function usageSchema(revision) {
  const fields = [{ name: 'eventId', type: 'string' }, { name: 'meter', type: 'string' }, { name: 'occurredAt', type: 'long' },
    { name: 'quantity', type: 'double' }, { name: 'region', type: { type: 'enum', name: 'Region', symbols: ['EU_WEST', 'US_EAST', 'AP_SOUTH'] } }];
  if (revision >= 2) fields.push({ name: 'project', type: ['null', 'string'], default: null });
  if (revision >= 3) fields.push({ name: 'tier', type: 'string', default: 'standard' });
  return { type: 'record', name: 'UsageEvent', namespace: 'com.example.billing', fields };
}
const current = avro.Type.forSchema(usageSchema(3));
const resolvers = new Map();
function resolverFor(schemaJson) {
  const fingerprint = crypto.createHash('sha256').update(schemaJson).digest('hex');
  let resolver = resolvers.get(fingerprint);
  if (!resolver) {
    resolver = current.createResolver(avro.Type.forSchema(JSON.parse(schemaJson)));
    resolvers.set(fingerprint, resolver);
  }
  return resolver;
}

const archive = new Map();
for (let a = 0; a < 20; a++) {
  const events = [];
  for (let i = 0; i < 60; i++) {
    const revision = 1 + ((a + i) % 3);
    const writer = avro.Type.forSchema(usageSchema(revision));
    events.push({ schema: JSON.stringify(usageSchema(revision)), payload: writer.toBuffer({ eventId: `evt_${a}_${i}`, meter: `meter_${i % 6}`,
      occurredAt: 1733000000000 + i * 60000, quantity: 1 + (i % 9) * 0.5, region: 'EU_WEST',
      ...(revision >= 2 ? { project: i % 2 ? 'web' : null } : {}), ...(revision >= 3 ? { tier: 'standard' } : {}) }) });
  }
  archive.set(`acct_${a}`, events);
}

const pricing = new vm.Script('quantity * (meter === "meter_0" ? 0.12 : 0.05) * (region === "EU_WEST" ? 1.1 : 1)');
const pricingContext = vm.createContext({ quantity: 0, meter: '', region: '' });

fastify.get('/health', async () => 'ok');
fastify.get('/x', {
  schema: {
    querystring: { type: 'object', properties: { account: { type: 'string', pattern: '^acct_[0-9]+$' }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 60 } } },
    response: { 200: { type: 'object', properties: { account: { type: 'string' }, total: { type: 'number' },
      events: { type: 'array', items: { type: 'object', properties: { eventId: { type: 'string' }, meter: { type: 'string' },
        occurredAt: { type: 'integer' }, quantity: { type: 'number' }, project: { type: ['string', 'null'] }, price: { type: 'number' } } } } } } },
  },
}, async (req) => {
  const account = req.query.account || `acct_${Math.floor(Math.random() * archive.size)}`;
  const events = [];
  let total = 0;
  for (const record of (archive.get(account) || []).slice(-req.query.limit)) {
    const event = current.fromBuffer(record.payload, resolverFor(record.schema));
    Object.assign(pricingContext, { quantity: event.quantity, meter: event.meter, region: event.region });
    const price = pricing.runInContext(pricingContext);
    total += price;
    events.push({ ...event, price });
  }
  return { account, total: Math.round(total * 100) / 100, events };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
