// Express 5 with the middleware the team registers (helmet, CORS for the crew-planning web app, compression, a rate
// limit): the rostering service of a regional airline. Before a month's roster is published, the planners' legality
// page (/rosters/:month/legality) checks every duty against the flight-time limits: flight hours in the 28 days and
// in the 7 days up to the duty. The app's own checkLimits rescans the whole month's duties (all crews) for each duty,
// though only the same crew member's earlier duties count. Crews and duties are made at start-up.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const { rateLimit } = require('express-rate-limit');

const DAY = 86400000;
const crews = Array.from({ length: 260 }, (_, i) => ({ id: `C${4100 + i}`, rank: i % 3 ? 'FO' : 'CPT', base: ['DUB', 'ORK', 'SNN'][i % 3] }));
const month0 = Date.UTC(2025, 5, 1);
const duties = Array.from({ length: 4300 }, (_, i) => {
  const start = month0 + Math.floor(i / 260) * 1.5 * DAY + ((i * 7) % 14) * 3600000;
  return { id: `D-${80000 + i}`, crew: crews[(i * 31) % 260].id, start, blockHours: 2 + ((i * 13) % 70) / 10, sectors: 1 + (i % 4) };
});

const LIMITS = { days28: 70, days7: 32 };
function checkLimits(list) {
  const findings = [];
  for (const duty of list) {
    let hours28 = 0, hours7 = 0;
    for (const other of list) {
      if (other.crew === duty.crew && other.start <= duty.start && other.start > duty.start - 28 * DAY) {
        hours28 += other.blockHours;
        if (other.start > duty.start - 7 * DAY) hours7 += other.blockHours;
      }
    }
    if (hours28 > LIMITS.days28 || hours7 > LIMITS.days7) {
      findings.push({ duty: duty.id, crew: duty.crew, at: new Date(duty.start).toISOString(), hours28: +hours28.toFixed(1), hours7: +hours7.toFixed(1) });
    }
  }
  return findings;
}

const app = express();
app.use(helmet());
app.use(cors({ origin: ['https://planning.crew.example'], credentials: true }));
app.use(compression());
app.use(rateLimit({ windowMs: 60000, limit: 100000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/rosters/:month/legality', (req, res) => {
  const findings = checkLimits(duties);
  res.json({ month: req.params.month, duties: duties.length, crews: crews.length, findings: findings.length, sample: findings.slice(0, 25) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
