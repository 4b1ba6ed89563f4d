// Express 5: the online booking API of a chain of veterinary clinics, behind helmet, cors, compression, cookie-parser
// and a rate limit. The slot page (/clinics/:id/slots) answers a day's free 20-minute slots for a clinic's vets from
// an in-memory index built at start-up, each slot's reminder text rendered with a lodash.template compiled once at
// start-up. Nothing here should hold the loop.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const cookieParser = require('cookie-parser');
const { rateLimit } = require('express-rate-limit');
const template = require('lodash.template');

const reminder = template('Reminder: <%= pet %> sees <%= vet %> at <%= clinic %> on <%= day %> at <%= time %>.');
const clinics = new Map(Array.from({ length: 40 }, (_, c) => [`CL-${100 + c}`, { name: `Tierarztpraxis ${['Nord', 'Süd', 'West', 'Ost'][c % 4]} ${c}`, vets: Array.from({ length: 4 }, (_, v) => `Dr. ${['Keller', 'Huber', 'Lang', 'Roth'][v]}`) }]));
const booked = new Map(); // `${clinic}|${day}|${vet}` -> Set of slot indexes
for (const [id, clinic] of clinics) for (let d = 1; d <= 30; d++) for (const vet of clinic.vets) booked.set(`${id}|2025-06-${String(d).padStart(2, '0')}|${vet}`, new Set(Array.from({ length: 12 }, (_, k) => (k * 7 + d) % 27)));
const slotTime = (k) => `${String(8 + Math.floor((k * 20) / 60)).padStart(2, '0')}:${String((k * 20) % 60).padStart(2, '0')}`;

const app = express();
app.use(helmet());
app.use(cors({ origin: ['https://booking.tierarzt-kette.example'] }));
app.use(compression());
app.use(cookieParser());
app.use(rateLimit({ windowMs: 60_000, limit: 20_000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.get('/health', (req, res) => res.send('ok'));
app.get('/clinics/:id/slots', (req, res) => {
  const clinic = clinics.get(req.params.id);
  if (!clinic) return res.status(404).json({ error: 'unknown clinic' });
  const day = req.query.day || '2025-06-12';
  const pet = req.cookies.pet || 'Bello';
  const slots = clinic.vets.flatMap((vet) => {
    const taken = booked.get(`${req.params.id}|${day}|${vet}`) ?? new Set();
    return Array.from({ length: 27 }, (_, k) => k).filter((k) => !taken.has(k)).map((k) => ({ vet, time: slotTime(k), reminder: reminder({ pet, vet, clinic: clinic.name, day, time: slotTime(k) }) }));
  });
  res.json({ clinic: clinic.name, day, free: slots.length, slots });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
