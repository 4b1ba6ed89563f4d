// connect: a log-buffering service snapshots its in-memory buffer (about 90 MB of access-log lines) for
// replicas, compressing it with snappy (a Rust addon) through the synchronous compressSync.
'use strict';
const http = require('node:http');
const connect = require('connect');
const snappy = require('snappy');

let seed = 1;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const logLine = () => `2024-05-01T12:${String(rnd(60)).padStart(2, '0')}:${String(rnd(60)).padStart(2, '0')}Z INFO req=${rnd(1e9).toString(36)}${rnd(1e9).toString(36)} GET /api/items/${rnd(50000)}?q=${rnd(1e9).toString(36)} status=${[200, 200, 200, 304, 404][rnd(5)]} ms=${rnd(3000)}`;
const segments = Array.from({ length: 48 }, () => Buffer.from(Array.from({ length: 1000 }, logLine).join('\n') + '\n'));
const logBuffer = Buffer.concat(Array.from({ length: 1000 }, (_, i) => segments[(i * 7) % 48]));
const snapshots = [];

const app = connect();
app.use('/health', (req, res) => res.end('ok'));
app.use('/x', (req, res) => {
  const compressed = snappy.compressSync(logBuffer);
  snapshots.splice(0, snapshots.length, { at: Date.now(), compressed });
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ bytes: logBuffer.length, compressed: compressed.length }));
});

http.createServer(app).listen(Number(process.env.PORT) || 0, '127.0.0.1');
