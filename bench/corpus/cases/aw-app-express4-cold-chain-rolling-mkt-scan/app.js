// Express 4: the quality dashboard of a pharmaceutical cold-chain carrier. Each reefer shipment's logger reports the
// load temperature every 5 minutes; QA's excursion report (/shipments/excursions) flags every shipment whose rolling
// 24-hour mean kinetic temperature (MKT, the Arrhenius-weighted mean the GDP guidelines ask for) went above 8 °C.
// The app's own mktExcursions recomputes the whole 24-hour window for every reading. The last three days of 60
// shipments (864 readings each) are made at start-up, behind the usual helmet, cors, compression and rate limit.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const { rateLimit } = require('express-rate-limit');

const DELTA_H_OVER_R = 83144 / 8.314472; // ΔH/R in kelvin, the ICH default activation energy
const WINDOW = 288; // 24 h of 5-minute readings

const shipments = Array.from({ length: 60 }, (_, s) => ({
  id: `RF-${48200 + s}`, lane: ['BSL-WAW', 'AMS-MAD', 'FRA-LHR', 'CPH-VIE'][s % 4],
  readings: Array.from({ length: 864 }, (_, i) => 4.6 + 1.8 * Math.sin((i + s * 17) / 40) + (s % 9 === 0 && i > 500 && i < 620 ? 5.2 : 0) + ((i * 7919 + s) % 13) / 20),
}));

function mktExcursions(shipment, limitC) {
  const out = [];
  for (let i = WINDOW; i < shipment.readings.length; i++) {
    let sum = 0;
    for (let k = i - WINDOW; k < i; k++) sum += Math.exp(-DELTA_H_OVER_R / (shipment.readings[k] + 273.15));
    const mkt = DELTA_H_OVER_R / -Math.log(sum / WINDOW) - 273.15;
    if (mkt > limitC) out.push({ at: i * 5, mkt: Number(mkt.toFixed(2)) });
  }
  return out;
}

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://qa.coldlane.example' }));
app.use(compression());
app.use(rateLimit({ windowMs: 60_000, limit: 10_000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.get('/health', (req, res) => res.send('ok'));
app.get('/shipments/excursions', (req, res) => {
  const limitC = Number(req.query.limit) || 8;
  const flagged = shipments.map((s) => ({ id: s.id, lane: s.lane, excursions: mktExcursions(s, limitC) })).filter((s) => s.excursions.length);
  res.json({ limitC, checked: shipments.length, flagged: flagged.map((s) => ({ id: s.id, lane: s.lane, minutesAbove: s.excursions.length * 5, peakMkt: Math.max(...s.excursions.map((e) => e.mkt)) })) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
