// h3 on node:http: a login endpoint checks the password against the stored bcrypt hash (cost 11) with
// @node-rs/bcrypt (a Rust addon), using its synchronous compareSync. The hash is what the user store holds.
'use strict';
const http = require('node:http');
const { createApp, createRouter, defineEventHandler, setResponseStatus, toNodeListener } = require('h3');
const { compareSync } = require('@node-rs/bcrypt');

const users = new Map([['ada@example.com', { id: 1, passwordHash: '$2b$11$a/tb9GFwYwmao/AUCi9qfObSSRyBUJ/CzRCx9tKLzQg5rdu0kD7I2' }]]);
const attempt = { email: 'ada@example.com', password: 'correct horse battery staple' };

const router = createRouter()
  .get('/health', defineEventHandler(() => 'ok'))
  .get('/x', defineEventHandler((event) => {
    const user = users.get(attempt.email);
    const ok = user !== undefined && compareSync(attempt.password, user.passwordHash);
    if (!ok) setResponseStatus(event, 401);
    return { ok, userId: ok ? user.id : null };
  }));

const app = createApp();
app.use(router);
http.createServer(toNodeListener(app)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
