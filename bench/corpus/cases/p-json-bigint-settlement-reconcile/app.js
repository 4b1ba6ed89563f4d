// hapi: the payments team reconciles the acquirer's settlement report. The acquirer's transaction and
// payout ids are 64-bit integers beyond Number.MAX_SAFE_INTEGER, so the report is parsed with json-bigint
// (useNativeBigInt) instead of JSON.parse. /x parses the current report (about 2.1 MB, 9,000 transactions;
// made at start-up, as the acquirer's API returns it) and sums the fees per currency.
'use strict';
const Hapi = require('@hapi/hapi');
const JSONbig = require('json-bigint')({ useNativeBigInt: true });

const currencies = ['EUR', 'USD', 'GBP', 'SEK', 'PLN'];
const report = '{"report_id":9007199254740993123,"generated":"2025-03-01T04:00:00Z","transactions":[' +
  Array.from({ length: 9000 }, (_, i) => {
    const id = 9223372036854000000n + BigInt(i * 7919);
    return `{"id":${id},"payout_id":${4611686018427387904n + BigInt(i % 40)},"merchant_ref":"ORD-${100000 + i}",` +
      `"amount":${(1000 + (i * 37) % 90000) / 100},"fee":${(30 + i % 250) / 100},"currency":"${currencies[i % 5]}",` +
      `"status":"${i % 17 ? 'settled' : 'refunded'}","card":{"brand":"${i % 3 ? 'visa' : 'mastercard'}","last4":"${String(1000 + i % 9000)}","country":"DE"},` +
      `"created":"2025-02-28T${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z"}`;
  }).join(',') + ']}';

const init = async () => {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({ method: 'GET', path: '/x', handler: () => {
    const settlement = JSONbig.parse(report);
    const fees = {};
    for (const t of settlement.transactions) fees[t.currency] = Math.round(((fees[t.currency] || 0) + t.fee) * 100) / 100;
    return { report: String(settlement.report_id), transactions: settlement.transactions.length, fees };
  } });
  await server.start();
};
init();
