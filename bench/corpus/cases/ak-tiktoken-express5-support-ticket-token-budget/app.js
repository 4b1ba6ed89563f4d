// Express 5 (helmet, cors, express.json): a support desk that sends ticket threads to an LLM for a summary. Before
// the call it must know whether the thread fits the model's context window, so /x counts the tokens of a ticket's
// whole thread (about 120,000 words of customer mails, logs and agent notes) with tiktoken's cl100k_base encoder.
// tiktoken's BPE runs in its WebAssembly module, synchronously on the loop, for every budget check.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const { get_encoding } = require('tiktoken');

const enc = get_encoding('cl100k_base');
const words = ['invoice', 'shipment', 'customer', 'the', 'of', 'refund', 'policy', 'delivery', 'warehouse', 'Rotterdam',
  '2024-03-01', '€129.00', 'tracking', 'number', 'please', 'contact', 'support', 'ERR_TIMEOUT', 'at', 'retrying'];
let seed = 11;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
const threads = new Map(Array.from({ length: 3 }, (_, t) => [`T-${8100 + t}`, Array.from({ length: 120000 }, () => words[rnd() % words.length]).join(' ')]));

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://desk.example.com' }));
app.use(express.json());
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const id = threads.has(req.query.ticket) ? req.query.ticket : 'T-8101';
  const tokens = enc.encode(threads.get(id)).length;
  res.json({ ticket: id, tokens, fits: tokens <= 128000, strategy: tokens <= 128000 ? 'single-pass' : 'map-reduce' });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
