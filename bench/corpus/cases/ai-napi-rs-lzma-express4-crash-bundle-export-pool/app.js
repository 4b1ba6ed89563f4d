// Express 4 (helmet, cors, compression, morgan to a null stream, express.json): a mobile crash-reporting service. /x
// exports a device's crash bundle for a support ticket: the last symbolicated crash logs of the device (about 1.2 MB
// of text), packed with @napi-rs/lzma's async lzma.compress, which runs the LZMA encoder as Node-API async work on a
// libuv pool thread (~50-100 ms each) while the loop only awaits. 16 exports at once keep all 4 pool threads busy, and
// /health, which reads a 1 KB status file through the pool, waits behind them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const { lzma } = require('@napi-rs/lzma');

const statusFile = path.join(__dirname, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'crash-export', pad: 'x'.repeat(960) }));
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const symbols = Array.from({ length: 900 }, (_, i) => `${['Feed', 'Cart', 'Auth', 'Media', 'Sync'][i % 5]}Module.${['load', 'render', 'apply', 'merge', 'decode'][i % 5]}${i.toString(36)}`);
const crashLog = (d, n) => Array.from({ length: n }, (_, i) => {
  const f = Math.floor(rnd() * 900);
  return `#${i % 40} 0x${(0x10a000 + f * 0x1c4).toString(16).padStart(8, '0')} in ${symbols[f]} (${symbols[f].split('.')[0]}.swift:${(f * 37) % 2000}) thread=${Math.floor(rnd() * 24)} dev=${d}`;
}).join('\n');
const devices = new Map(Array.from({ length: 4 }, (_, d) => [`dev-${d}`, Buffer.from(crashLog(d, 16000))]));

const app = express();
app.set('etag', false);
app.use(helmet());
app.use(cors({ origin: 'https://support.example.com' }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.use(express.json());
app.get('/health', async (req, res) => res.type('json').send(await fs.promises.readFile(statusFile)));
app.get('/x', async (req, res) => {
  const device = devices.has(req.query.device) ? req.query.device : 'dev-1';
  const packed = await lzma.compress(devices.get(device));
  res.set('content-disposition', `attachment; filename="${device}-crashes.lzma"`).type('application/x-lzma').send(packed);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
