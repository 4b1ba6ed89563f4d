// Express 4 with the middleware the team registers (helmet, CORS for the members' app, compression, a rate limit),
// bundled and minified with esbuild as the team ships it: the booking service of a coworking operator. The front
// desk's conflicts page (/x) lists double bookings across the operator's rooms. The app's own findConflicts compares
// every booking of the quarter with every other one (7,000 bookings: about 24.5 million pairs), though only bookings
// of the same room can clash. The bookings are made at start-up, as the calendar store would hand them over.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const { rateLimit } = require('express-rate-limit');

const rooms = Array.from({ length: 40 }, (_, i) => `R${String(i + 1).padStart(2, '0')}`);
const day0 = Date.UTC(2025, 3, 1, 7);
const bookings = Array.from({ length: 7000 }, (_, i) => {
  const start = day0 + (i % 91) * 86400000 + ((i * 7) % 11) * 3600000;
  return { id: `BK-${50000 + i}`, room: rooms[(i * 13) % 40], member: `M-${1000 + (i % 600)}`, start, end: start + (1 + (i % 3)) * 3600000, status: i % 37 ? 'confirmed' : 'tentative' };
});
for (let k = 0; k < 14; k++) bookings[k * 500 + 1] = { ...bookings[k * 500], id: `BK-${50000 + k * 500 + 1}`, member: `M-${1600 + k}` }; // double bookings

function findConflicts(list, { includeTentative = false, bufferMinutes = 0 } = {}) {
  const conflicts = [];
  const buffer = bufferMinutes * 60000;
  for (let i = 0; i < list.length; i++) {
    const a = list[i];
    if (a.status === 'cancelled' || (!includeTentative && a.status === 'tentative')) continue;
    for (let j = i + 1; j < list.length; j++) {
      const b = list[j];
      if (a.room === b.room && a.start < b.end + buffer && b.start < a.end + buffer && b.status !== 'cancelled') {
        if (!includeTentative && b.status === 'tentative') continue;
        const from = Math.max(a.start, b.start), to = Math.min(a.end, b.end);
        conflicts.push({
          room: a.room, first: a.id, second: b.id, members: [a.member, b.member], sameMember: a.member === b.member,
          overlapMinutes: Math.max(0, (to - from) / 60000), bufferOnly: to <= from,
          from: new Date(from).toISOString(), to: new Date(Math.max(from, to)).toISOString(),
          severity: a.member === b.member ? 'duplicate' : to - from >= 3600000 ? 'major' : 'minor',
        });
      }
    }
  }
  return conflicts.sort((x, y) => y.overlapMinutes - x.overlapMinutes || x.room.localeCompare(y.room) || x.first.localeCompare(y.first));
}

const app = express();
app.use(helmet());
app.use(cors({ origin: ['https://members.deskhub.example'], credentials: true }));
app.use(compression());
app.use(rateLimit({ windowMs: 60000, limit: 100000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const conflicts = findConflicts(bookings, { includeTentative: req.query.tentative === '1', bufferMinutes: 10 });
  res.json({ quarter: '2025-Q2', bookings: bookings.length, conflicts: conflicts.length, sample: conflicts.slice(0, 20) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
