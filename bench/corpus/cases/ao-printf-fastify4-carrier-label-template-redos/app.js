// Fastify 4: the label service of a small fulfilment company. /x renders the text lines of a parcel's thermal
// label for the merchant's carrier template: each template line is a printf format string (printf 0.5.3, the
// node port of the C family), filled with the shipment's fields. Templates were migrated from the old label
// printer software, whose "%0<width>N" parcel counter printf does not know; a bulk edit in the migration widened
// one merchant's counter to 600 zeros. printf 0.5.3's format tokenizer regex backtracks cubically on a run of
// zeros that ends in a character that is not a conversion (fixed in 0.6.1).
'use strict';
const fastify = require('fastify')({ logger: false });
const printf = require('printf');

const templates = new Map([
  ['m-1001', ['SHIP TO: %s', '%s, %s %s', 'WEIGHT: %.2f kg   PARCELS: %d', 'REF: %-12s SVC: %s', 'Parcel %02d of %d']],
  ['m-2044', ['SHIP TO: %s', '%s, %s %s', 'WEIGHT: %.2f kg   PARCELS: %d', 'REF: %-12s SVC: %s', `Parcel %${'0'.repeat(600)}N of %d`]],
]);
const shipment = { name: 'Marta Lewandowska', street: 'ul. Dluga 14/3', city: 'Gdansk', zip: '80-831', weight: 3.418, parcels: 2, ref: 'SO-558120', service: 'EXPRESS' };

function renderLabel(lines, s) {
  const args = [[s.name], [s.street, s.city, s.zip], [s.weight, s.parcels], [s.ref, s.service], [1, s.parcels]];
  return lines.map((fmt, i) => printf(fmt, ...args[i]));
}

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (req) => {
  const merchant = req.query.merchant || 'm-2044';
  const lines = renderLabel(templates.get(merchant) || templates.get('m-1001'), shipment);
  return { merchant, printer: 'zebra-zd421', lines: lines.map((l) => l.slice(0, 60)) };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
