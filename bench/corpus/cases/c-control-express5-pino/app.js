// Control: Express 5 with pino-http request logging (to stdout), express-rate-limit's memory store and
// response-time; the route reads a user's profile from an in-memory Map.
'use strict';
const express = require('express');
const pinoHttp = require('pino-http');
const { rateLimit } = require('express-rate-limit');
const responseTime = require('response-time');

const users = new Map(Array.from({ length: 2000 }, (_, i) => [i, { id: i, name: `User ${i}`, plan: i % 4 ? 'free' : 'pro', locale: 'en-GB' }]));
let n = 0;

const app = express();
app.use(pinoHttp());
app.use(responseTime());
app.use(rateLimit({ windowMs: 60000, limit: 1000000, standardHeaders: 'draft-7', legacyHeaders: false }));

app.get('/health', (req, res) => { res.send('ok'); });

app.get('/x', (req, res) => {
  n = (n + 1) % users.size;
  res.json({ user: users.get(n) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
