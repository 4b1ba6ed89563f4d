// Fastify 5: the statements API of a payments company. The core ledger exports an account's entries as JSON
// Lines whose amounts carry 20+ significant digits and whose entry ids are 64-bit integers, so the service
// never lets JSON.parse touch them: it keeps the raw export it received (an in-process cache, filled at
// start-up here) and parses every line with lossless-json on each request, keeping the requested month.
'use strict';
const Fastify = require('fastify');
const cors = require('@fastify/cors');
const { parse, stringify, isLosslessNumber } = require('lossless-json');

function statementText(account) {
  const entries = Array.from({ length: 16000 }, (_, i) => `{"entryId":${9007199254740993n + BigInt(i * 7919)},"bookedAt":"2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z",` +
    `"amount":${i % 3 ? '' : '-'}${1000 + i}.${String((i * 37) % 100000000).padStart(8, '0')}12345678,"currency":"EUR","fxRate":1.08230000000000012345,` +
    `"counterparty":{"iban":"DE89370400440532013${String(i % 1000).padStart(3, '0')}","name":"Merchant ${i % 300}"},"reference":"INV-${2024000 + i}","tags":["card","${['grocery', 'fuel', 'travel'][i % 3]}"]}`);
  return entries.join('\n');
}
const rawStatements = new Map([['acc_7781', statementText('acc_7781')], ['acc_7782', statementText('acc_7782')]]);

const app = Fastify({ logger: false });
app.register(cors, { origin: ['https://app.example-pay.eu'] });
app.get('/health', async () => ({ ok: true }));
app.get('/x', async (request, reply) => {
  const account = request.query.account || 'acc_7781';
  const month = request.query.month || '2025-03';
  const entries = [];
  for (const line of rawStatements.get(account).split('\n')) {
    const entry = parse(line);
    if (entry.bookedAt.startsWith(month)) entries.push(entry);
  }
  const debits = entries.filter((e) => isLosslessNumber(e.amount) && e.amount.value.startsWith('-')).length;
  reply.type('application/json');
  return stringify({ account, month, count: entries.length, debits, entries: entries.slice(0, 50) });
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
