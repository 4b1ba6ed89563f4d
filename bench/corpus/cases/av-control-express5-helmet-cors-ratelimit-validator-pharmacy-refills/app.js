// Control, Express 5 with the middleware stack of a patient-facing API: helmet, CORS for the pharmacy's web app,
// compression, express-rate-limit (in memory, per client), cookie-parser for the session cookie, express-validator on
// the query, and a request-id / timing middleware of the app's own. /patients/:id/refills answers the pharmacy app's
// "my prescriptions" screen: a patient's 24 active prescriptions with the next refill date and the refills left,
// about a millisecond of work. Patients and prescriptions are made at start-up. The loop stays responsive.
'use strict';
const { randomUUID } = require('node:crypto');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const { rateLimit } = require('express-rate-limit');
const cookieParser = require('cookie-parser');
const { query, param, validationResult, matchedData } = require('express-validator');

const drugs = ['Atorvastatin 20 mg', 'Metformin 500 mg', 'Lisinopril 10 mg', 'Levothyroxine 50 mcg', 'Amlodipine 5 mg', 'Omeprazole 20 mg', 'Sertraline 50 mg', 'Salbutamol 100 mcg inhaler'];
const day = 86400000;
const today = Date.UTC(2025, 5, 2);
const patients = new Map(Array.from({ length: 400 }, (_, p) => [`PT-${30000 + p}`, {
  id: `PT-${30000 + p}`, pharmacy: `PH-${100 + (p % 12)}`,
  prescriptions: Array.from({ length: 24 }, (_, k) => ({
    rx: `RX-${900000 + p * 30 + k}`, drug: drugs[(p + k) % drugs.length], daysSupply: [30, 60, 90][k % 3], refillsLeft: (p * 7 + k) % 6,
    lastFilled: today - ((p * 13 + k * 11) % 80) * day, prescriber: `Dr. ${['Okafor', 'Lindqvist', 'Marchetti', 'Haddad'][k % 4]}`, status: k % 11 ? 'active' : 'on-hold',
  })),
}]));

const app = express();
app.use((req, res, next) => { const t0 = performance.now(); res.setHeader('x-request-id', req.get('x-request-id') || randomUUID()); res.on('finish', () => { res.locals.ms = performance.now() - t0; }); next(); });
app.use(helmet());
app.use(cors({ origin: ['https://app.corner-pharmacy.example'], credentials: true }));
app.use(compression());
app.use(rateLimit({ windowMs: 60_000, limit: 100_000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.use(cookieParser('pharmacy-cookie-secret'));
app.get('/health', (req, res) => res.send('ok'));
app.get('/patients/:id/refills',
  param('id').matches(/^PT-\d{5}$/),
  query('status').optional().isIn(['active', 'on-hold', 'all']),
  query('dueWithinDays').optional().isInt({ min: 1, max: 120 }).toInt(),
  (req, res) => {
    const errors = validationResult(req);
    if (!errors.isEmpty()) return res.status(400).json({ errors: errors.array() });
    const { id, status = 'active', dueWithinDays = 120 } = matchedData(req);
    const patient = patients.get(id);
    if (!patient) return res.status(404).json({ error: 'unknown patient' });
    const refills = patient.prescriptions
      .filter((p) => status === 'all' || p.status === status)
      .map((p) => ({ rx: p.rx, drug: p.drug, prescriber: p.prescriber, refillsLeft: p.refillsLeft, nextRefill: new Date(p.lastFilled + p.daysSupply * day).toISOString().slice(0, 10) }))
      .filter((p) => Date.parse(p.nextRefill) - today <= dueWithinDays * day)
      .sort((a, b) => a.nextRefill.localeCompare(b.nextRefill));
    res.json({ patient: patient.id, pharmacy: patient.pharmacy, refills });
  });
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
