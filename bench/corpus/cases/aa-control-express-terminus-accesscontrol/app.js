// Control: an Express 4 helpdesk API. A request-id and access-log middleware (on-finished timing), role-based
// access with accesscontrol (grants built at start-up; each request checks its role's permission and filters the
// fields it may read), and @godaddy/terminus for health checks and graceful shutdown. /x lists the queue's 50
// newest tickets as an agent sees them: the loop stays responsive.
'use strict';
const http = require('node:http');
const crypto = require('node:crypto');
const express = require('express');
const { AccessControl } = require('accesscontrol');
const { createTerminus } = require('@godaddy/terminus');

const ac = new AccessControl();
ac.grant('agent').readAny('ticket', ['*', '!customer.phone', '!internalNotes'])
  .grant('supervisor').extend('agent').readAny('ticket', ['*']).updateAny('ticket')
  .grant('admin').extend('supervisor').deleteAny('ticket');

const tickets = Array.from({ length: 400 }, (_, i) => ({ id: `T-${5000 + i}`, subject: `Order ${i} arrived damaged`, status: ['open', 'pending', 'solved'][i % 3],
  priority: ['low', 'normal', 'high'][i % 3], queue: `q${i % 4}`, customer: { name: `Customer ${i}`, email: `c${i}@example.com`, phone: `+44 20 7946 ${1000 + i}` },
  internalNotes: `refund approved by ${i % 5}`, created: new Date(1732950000000 - i * 600000).toISOString() }));

const app = express();
app.use((req, res, next) => {
  req.id = req.get('x-request-id') || crypto.randomUUID();
  res.set('x-request-id', req.id);
  const start = process.hrtime.bigint();
  res.on('finish', () => { if (res.statusCode >= 500) console.error(`${req.id} ${req.method} ${req.originalUrl} ${res.statusCode} ${Number(process.hrtime.bigint() - start) / 1e6}ms`); });
  next();
});
app.use((req, res, next) => { req.role = ['agent', 'supervisor', 'admin'].includes(req.get('x-role')) ? req.get('x-role') : 'agent'; next(); });

app.get('/x', (req, res) => {
  const permission = ac.can(req.role).readAny('ticket');
  if (!permission.granted) return res.sendStatus(403);
  const queue = String(req.query.queue || 'q1');
  const page = tickets.filter((t) => t.queue === queue).slice(0, 50);
  res.json({ queue, role: req.role, tickets: permission.filter(page) });
});

const server = http.createServer(app);
createTerminus(server, { healthChecks: { '/health': async () => ({ db: 'up' }) }, timeout: 3000, signals: ['SIGTERM', 'SIGINT'] });
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
