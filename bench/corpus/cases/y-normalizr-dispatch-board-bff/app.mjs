// Hono (ESM): the backend-for-frontend of a courier company's dispatch board. The web client's store wants
// entities by id, so /x normalizes the day's open deliveries (6,000, each with its customer, driver, depot, stops
// and parcels) with normalizr and the same schemas the client uses, on every board refresh.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import normalizr from 'normalizr';

const { normalize, schema } = normalizr;
const depot = new schema.Entity('depots');
const driver = new schema.Entity('drivers', { depot });
const customer = new schema.Entity('customers');
const parcel = new schema.Entity('parcels');
const stop = new schema.Entity('stops', { parcels: [parcel] });
const delivery = new schema.Entity('deliveries', { customer, driver, depot, stops: [stop] });

const depots = Array.from({ length: 12 }, (_, i) => ({ id: `D${i}`, name: `Depot ${i}`, city: ['Leeds', 'York', 'Hull'][i % 3] }));
const drivers = Array.from({ length: 180 }, (_, i) => ({ id: `DR${i}`, name: `Driver ${i}`, van: `VN${1000 + i}`, depot: depots[i % 12] }));
const deliveries = Array.from({ length: 6000 }, (_, i) => ({
  id: `DL${500000 + i}`, status: ['planned', 'loaded', 'en-route'][i % 3], window: { from: '09:00', to: '12:00' },
  customer: { id: `C${i % 2500}`, name: `Customer ${i % 2500}`, phone: '+44 113 496 0000' },
  driver: drivers[i % 180], depot: depots[i % 12],
  stops: Array.from({ length: 2 }, (_, s) => ({ id: `ST${i}-${s}`, address: `${s + 1} Market Street, Leeds`, eta: `1${s}:30`,
    parcels: Array.from({ length: 2 }, (_, p) => ({ id: `PC${i}-${s}-${p}`, weightKg: 1 + ((i + p) % 9), barcode: `JD0146${i}${s}${p}` })) })),
}));

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const { entities, result } = normalize(deliveries, [delivery]);
  return c.json({ deliveries: result.length, drivers: Object.keys(entities.drivers).length, parcels: Object.keys(entities.parcels).length, first: entities.deliveries[result[0]] });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
