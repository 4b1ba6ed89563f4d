// hapi 21: the reconciliation service of a payments processor. Every morning the acquirer drops the card terminals'
// settlement file (a CSV of the previous day's transactions, about 10 MB, made at start-up here as the file store
// keeps it). The merchant dashboard's reconciliation view (/x) parses the whole file with csv-parser on every view,
// in the app's readSettlement helper, and totals the merchant's captured and refunded amounts by card brand.
'use strict';
const { once } = require('node:events');
const Hapi = require('@hapi/hapi');
const csv = require('csv-parser');

async function readSettlement(file) {
  const rows = [];
  const parser = csv({ separator: ';' });
  parser.on('data', (row) => rows.push(row));
  const done = once(parser, 'end');
  parser.end(file.bytes);
  await done;
  return rows;
}

const brands = ['VISA', 'MASTERCARD', 'AMEX', 'MAESTRO', 'DISCOVER'];
const shops = ['BAKKERIJ DE LINDE', 'CAFE CENTRAAL', 'FIETSENMAKER VONDEL', 'BLOEMEN AAN DE GRACHT', 'BOEKHANDEL HET SPUI', 'SLAGERIJ KOOPMANS'];
const cities = ['AMSTERDAM NL 1012AB', 'UTRECHT NL 3511CE', 'HAARLEM NL 2011VB', 'LEIDEN NL 2311EN', 'DELFT NL 2611GP'];
const lines = ['terminal_id;merchant_id;txn_id;captured_at;amount;currency;card_brand;pan_last4;auth_code;status;fee;descriptor;terminal_location;acquirer_reference;level3_items'];
for (let i = 0; i < 20000; i++) {
  lines.push([`T${String(4000 + (i % 350)).padStart(6, '0')}`, `M-${1000 + (i % 40)}`, `TX${(88000000 + i * 7).toString(36).toUpperCase()}`,
    new Date(Date.UTC(2025, 5, 10, 0, 0, i)).toISOString(), ((i * 7919) % 50000 / 100 + 1).toFixed(2), i % 9 ? 'EUR' : 'GBP',
    brands[i % 5], String(1000 + ((i * 37) % 9000)), (i * 104729 % 999999).toString().padStart(6, '0'), i % 23 ? 'CAPTURED' : 'REFUNDED',
    ((i % 50) / 100 + 0.05).toFixed(2), `SQ *${shops[i % 6]} ${cities[i % 5]} ORDER ${(i * 31).toString(36).toUpperCase()} POS-ENTRY CHIP CONTACTLESS`,
    `STORE ${100 + (i % 40)} / LANE ${1 + (i % 8)} / ${cities[(i + 2) % 5]} / FIRMWARE 4.12.${i % 9} / PINPAD KT-${7000 + (i % 350)}`,
    `ARN 7${String((i * 2654435761) >>> 0).padStart(10, '0')}${String(i).padStart(12, '0')}`,
    Array.from({ length: 1 + (i % 9) }, (_, k) => `SKU-${(i * 13 + k * 7) % 90000}|${['SOURDOUGH 800G', 'OAT FLAT WHITE', 'INNER TUBE 28IN', 'TULIPS 10 STEMS', 'PAPERBACK NOVEL', 'BEEF MINCE 500G'][(i + k) % 6]}|QTY ${1 + (k % 3)}|${(2.5 + ((i + k) % 40)).toFixed(2)}|VAT ${k % 2 ? 9 : 21}`).join(' ~ ')].join(';'));
}
const files = new Map([['2025-06-10', { name: 'settlement_2025-06-10.csv', bytes: Buffer.from(lines.join('\n') + '\n') }]]);

async function start() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET', path: '/x',
    handler: async (request) => {
      const merchant = request.query.merchant || 'M-1017';
      const rows = await readSettlement(files.get(request.query.day || '2025-06-10'));
      const byBrand = {};
      for (const r of rows) {
        if (r.merchant_id !== merchant) continue;
        const b = (byBrand[r.card_brand] ??= { captured: 0, refunded: 0, fees: 0, count: 0 });
        b[r.status === 'REFUNDED' ? 'refunded' : 'captured'] += Number(r.amount);
        b.fees += Number(r.fee);
        b.count++;
      }
      return { merchant, day: '2025-06-10', transactions: rows.length, byBrand };
    },
  });
  await server.start();
}
start();
