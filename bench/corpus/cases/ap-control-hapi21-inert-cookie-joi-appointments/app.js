// Control, hapi 21 with the plugins a team registers: @hapi/inert for the static assets, @hapi/cookie for the staff
// session (mode 'try' on the API), joi as the route validator, CORS and security headers on the routes, hapi's own
// gzip, and an onRequest extension that sets a request id. /x is the front desk's API of a physiotherapy clinic: a
// practitioner's next 40 appointments (of 240 in memory) with the patient's initials, about a millisecond of work.
// The loop stays responsive.
'use strict';
const crypto = require('node:crypto');
const path = require('node:path');
const Hapi = require('@hapi/hapi');
const Joi = require('joi');

const appointments = Array.from({ length: 240 }, (_, i) => ({
  id: `AP-${90000 + i}`, practitioner: `PR-${1 + (i % 6)}`, start: new Date(Date.UTC(2025, 5, 2, 7 + (i % 10), (i % 4) * 15)).toISOString(),
  minutes: [30, 45, 60][i % 3], patient: { first: ['Ana', 'Ben', 'Chloé', 'Dev', 'Emil'][i % 5], last: ['Kowalski', 'Nguyen', 'Okafor', 'Schmidt'][i % 4] },
  room: `R${1 + (i % 5)}`, treatment: ['assessment', 'manual therapy', 'rehab session', 'shockwave'][i % 4],
}));

async function start() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1', routes: { files: { relativeTo: path.join(__dirname, 'public') }, cors: { origin: ['https://desk.example-clinic.eu'], credentials: true }, security: true } });
  await server.register([require('@hapi/inert'), require('@hapi/cookie')]);
  server.validator(Joi);
  server.auth.strategy('session', 'cookie', {
    cookie: { name: 'desk', password: 'a-32-character-or-longer-cookie-secret!!', isSecure: false, ttl: 8 * 3600 * 1000 },
    validate: async (request, session) => ({ isValid: Boolean(session && session.staff), credentials: session }),
  });
  server.ext('onRequest', (request, h) => { request.headers['x-request-id'] ??= crypto.randomUUID(); return h.continue; });
  server.route({ method: 'GET', path: '/health', options: { auth: false }, handler: () => 'ok' });
  server.route({ method: 'GET', path: '/assets/{file*}', options: { auth: false }, handler: { directory: { path: '.' } } });
  server.route({
    method: 'GET', path: '/x',
    options: {
      auth: { strategy: 'session', mode: 'try' },
      validate: { query: Joi.object({ practitioner: Joi.string().pattern(/^PR-\d+$/).default('PR-3'), limit: Joi.number().integer().min(1).max(100).default(40) }) },
    },
    handler: (request) => {
      const { practitioner, limit } = request.query;
      const list = appointments.filter((a) => a.practitioner === practitioner).slice(0, limit)
        .map((a) => ({ id: a.id, start: a.start, minutes: a.minutes, room: a.room, treatment: a.treatment, patient: `${a.patient.first[0]}. ${a.patient.last[0]}.` }));
      return { practitioner, staff: request.auth.credentials?.staff ?? null, appointments: list };
    },
  });
  await server.start();
}
start();
