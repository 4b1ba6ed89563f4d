// Control, restana 4 with the connect-style middleware a team registers: helmet's security headers, CORS for the
// shop's front end, cookie-parser (the delivery-postcode cookie), response-time, and a small request-id middleware.
// /x is the checkout's delivery-slot picker of a grocery delivery service: the next 7 days' slots for the
// customer's zone (of 36 zones in memory), with the remaining capacity of each slot, about a millisecond of work.
// The loop stays responsive.
'use strict';
const crypto = require('node:crypto');
const restana = require('restana');
const helmet = require('helmet');
const cors = require('cors');
const cookieParser = require('cookie-parser');
const responseTime = require('response-time');

const zones = new Map(Array.from({ length: 36 }, (_, z) => [`Z${z + 1}`, { zone: `Z${z + 1}`, depot: ['North', 'Harbour', 'West'][z % 3], vans: 4 + (z % 5) }]));
const day0 = Date.UTC(2025, 5, 16);
const slots = new Map([...zones.keys()].map((zone, z) => [zone, Array.from({ length: 7 * 8 }, (_, i) => ({
  start: new Date(day0 + Math.floor(i / 8) * 86400000 + (8 + (i % 8) * 1.5) * 3600000).toISOString(), minutes: 90,
  capacity: 12, booked: (i * 7 + z * 3) % 13, fee: [4.99, 3.99, 2.99, 5.99][i % 4],
}))]));

const service = restana();
service.use(helmet());
service.use(cors({ origin: ['https://shop.freshcart.example'], credentials: true }));
service.use(cookieParser('slot-picker-cookie-secret'));
service.use(responseTime());
service.use((req, res, next) => { res.setHeader('x-request-id', req.headers['x-request-id'] || crypto.randomUUID()); next(); });
service.get('/health', (req, res) => res.send('ok'));
service.get('/x', (req, res) => {
  const zone = req.query.zone || (req.cookies && req.cookies.zone) || 'Z7';
  const list = (slots.get(zone) || []).filter((s) => s.booked < s.capacity)
    .map((s) => ({ start: s.start, minutes: s.minutes, left: s.capacity - s.booked, fee: s.fee, greenSlot: s.booked >= 8 }));
  res.send({ zone, depot: zones.get(zone).depot, days: 7, slots: list });
});
service.start(Number(process.env.PORT) || 0, '127.0.0.1');
