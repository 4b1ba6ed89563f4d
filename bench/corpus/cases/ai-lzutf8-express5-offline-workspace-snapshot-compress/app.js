// Express 5 (helmet, cors, compression, morgan to a null stream, express.json): a note-taking app's sync service. The
// web client keeps an offline copy of a workspace in localStorage, compressed with lzutf8 (the client decompresses
// with the same library). /x builds the caller's workspace snapshot (about 2.4 MB of JSON: their notes, comments and
// revision stubs) and compresses it with lzutf8.compress, the synchronous form, on the request's path; lzutf8 ships
// compressAsync beside it, which does the same work in chunks between turns of the event loop.
'use strict';
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const lzutf8 = require('lzutf8');

const words = 'meeting roadmap launch budget review draft customer invoice sprint backlog design feedback release metrics hiring onboarding'.split(' ');
const notes = Array.from({ length: 6000 }, (_, i) => ({
  id: `note_${i}`, owner: `u_${i % 3}`, title: `${words[i % 16]} ${words[(i * 7) % 16]} #${i}`,
  body: Array.from({ length: 40 }, (_, j) => words[(i * 31 + j * 17) % 16] + (j % 9 === 0 ? ` ${i * j}` : '')).join(' '),
  tags: [words[i % 5], words[(i + 3) % 11]], updatedAt: new Date(1.72e12 + i * 7_200_000).toISOString(),
  comments: Array.from({ length: i % 4 }, (_, k) => ({ by: `u_${k}`, text: `${words[(i + k) % 16]} looks good, ship it ${k}` })),
  revisions: Array.from({ length: 3 }, (_, r) => ({ rev: r + 1, at: new Date(1.71e12 + i * 3_600_000 + r * 60_000).toISOString(), bytes: 300 + ((i * r) % 900) })),
}));

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://notes.example.com' }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.use(express.json({ limit: '1mb' }));
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const user = req.query.user || 'u_1';
  const snapshot = JSON.stringify({ workspace: 'ws_9', user, at: Date.now(), notes: notes.filter((n) => n.owner !== 'u_9' && (n.owner === user || n.comments.length > 0 || n.id.endsWith('7'))) });
  const packed = lzutf8.compress(snapshot, { outputEncoding: 'Base64' });
  res.json({ workspace: 'ws_9', encoding: 'lzutf8+base64', rawBytes: snapshot.length, packedChars: packed.length, packed: packed.slice(0, 64) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
