// Control: fastify 5 with @fastify/static serving the dashboard's small script bundle (a stat, an open,
// a read and a close on libuv's pool per request, with ETag and Cache-Control) next to a health route
// that reads its status file through the pool as well.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const fastify = require('fastify')();

const statusFile = path.join(__dirname, 'status.json');
const publicDir = path.join(__dirname, 'public');
fs.mkdirSync(publicDir, { recursive: true });
const lines = Array.from({ length: 150 }, (_, i) => `export function widget${i}(el) { el.dataset.widget = '${i}'; return el.querySelectorAll('.w-${i}').length; }`);
fs.writeFileSync(path.join(publicDir, 'dashboard.js'), lines.join('\n'));

fastify.register(require('@fastify/static'), { root: publicDir, prefix: '/assets/', maxAge: 3600000 });
fastify.get('/health', async (req, reply) => reply.type('application/json').send(await fs.promises.readFile(statusFile)));
fastify.get('/x', (req, reply) => reply.sendFile('dashboard.js'));

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
