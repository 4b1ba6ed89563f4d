// node:http, no framework: the patient portal API of a group of physiotherapy practices. Sensitive profile fields
// (insurance number, national ID, IBAN for refunds, emergency contact phone) are stored encrypted with cryptr's
// CryptrAsync (AES-256-GCM, the key derived per value with PBKDF2-SHA512 at cryptr's default 100,000 iterations);
// the profile page (/patients/:id/profile) decrypts the four fields at once. CryptrAsync runs crypto.pbkdf2 on
// libuv's thread pool, so the loop is free while the pool works. /health reads a 1 KB status file through the same
// pool. The patients' encrypted records are made at start-up (with cryptr's synchronous form).
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const Cryptr = require('cryptr');
const { CryptrAsync } = require('cryptr');

const FIELD_KEY = 'phys-portal-field-key-2025-rotated-q2';
const fields = new CryptrAsync(FIELD_KEY);
const statusFile = path.join(__dirname, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'patient-portal', pad: 'x'.repeat(960) }));

const seal = new Cryptr(FIELD_KEY);
const patients = new Map(Array.from({ length: 3 }, (_, i) => [`PT-${20400 + i}`, {
  name: ['Jana Novak', 'Lukas Berger', 'Emma Schulz'][i], practice: 'Physio am Park', therapist: 'S. Wagner',
  sealed: { insuranceNo: seal.encrypt(`A${123456780 + i}`), nationalId: seal.encrypt(`DE-${77123400 + i}`), refundIban: seal.encrypt(`DE89370400440532013${String(i).padStart(3, '0')}`), emergencyPhone: seal.encrypt(`+49 151 2345 67${i}`) },
}]));

async function profile(patient) {
  const names = Object.keys(patient.sealed);
  const values = await Promise.all(names.map((field) => fields.decrypt(patient.sealed[field])));
  return { name: patient.name, practice: patient.practice, therapist: patient.therapist, ...Object.fromEntries(names.map((n, k) => [n, values[k]])) };
}

http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') {
    res.setHeader('content-type', 'application/json');
    return res.end(await fs.promises.readFile(statusFile));
  }
  const match = url.pathname.match(/^\/patients\/([\w-]+)\/profile$/);
  const patient = match && patients.get(match[1]);
  if (!patient) { res.statusCode = 404; return res.end(); }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(await profile(patient)));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
