// Price bands of the venue and the money formatting the box office uses.
'use strict';
const BANDS = [{ band: 'A', rows: [0, 6], cents: 8900 }, { band: 'B', rows: [7, 16], cents: 6400 }, { band: 'C', rows: [17, 40], cents: 3900 }];

function priceOf(seat) {
  return BANDS.find((b) => seat.row >= b.rows[0] && seat.row <= b.rows[1]);
}

const eur = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
function format(cents) {
  return eur.format(cents / 100);
}

module.exports = { priceOf, format };
