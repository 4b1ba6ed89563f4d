// Fastify 4 with @fastify/helmet and @fastify/cors: the seat-map API of a concert hall's box office. The seat map of a
// performance (/x) shows which of the hall's 2,800 seats are free; a seat is taken while an active hold (a basket, a
// phone reservation, a group allocation) of that performance covers it. The box office keeps the season's holds in
// one list, 18,000 of them over 16 performances while the autumn season is on sale, and the app checks each seat
// against every hold in its own loop; lib/pricing.js only adds the price band. Seats and holds are made at start-up.
'use strict';
const fastify = require('fastify')({ logger: false });
const { priceOf, format } = require('./lib/pricing');

const seats = [];
for (let row = 0; row < 40; row++) for (let n = 1; n <= 70; n++) seats.push({ id: `R${row + 1}-S${n}`, row, n, block: n <= 35 ? 'left' : 'right' });
let seed = 11;
const rnd = (k) => (seed = (seed * 16807) % 2147483647) % k;
const performances = Array.from({ length: 16 }, (_, i) => `P-2025-10-${String(3 + i).padStart(2, '0')}`);
const holds = Array.from({ length: 18000 }, (_, i) => { const row = rnd(40), from = 1 + rnd(66); return { id: `H-${90000 + i}`, performance: performances[i % 16], row, from, to: from + rnd(4), expires: Date.now() + (5 + rnd(20)) * 60000, kind: ['basket', 'phone', 'group'][i % 3] }; });

function freeSeats(performance, now) {
  const free = [];
  for (const seat of seats) {
    let held = false;
    for (const h of holds) if (h.performance === performance && h.expires > now && h.row === seat.row && seat.n >= h.from && seat.n <= h.to) { held = true; break; }
    if (!held) free.push(seat);
  }
  return free;
}

fastify.register(require('@fastify/helmet'));
fastify.register(require('@fastify/cors'), { origin: ['https://tickets.example-hall.de'] });
fastify.get('/health', async () => 'ok');
fastify.get('/x', async (req) => {
  const performance = req.query.performance || 'P-2025-10-18';
  const free = freeSeats(performance, Date.now());
  const byBand = {};
  for (const s of free) { const b = priceOf(s); byBand[b.band] = byBand[b.band] || { price: format(b.cents), free: 0 }; byBand[b.band].free++; }
  return { performance, free: free.length, held: seats.length - free.length, byBand };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
