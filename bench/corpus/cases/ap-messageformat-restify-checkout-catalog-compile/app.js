// restify 11: the checkout service of a ticketing shop, localised with ICU MessageFormat. The translators' catalogue
// (2,400 messages with plurals, selects, number and date skeletons, made at start-up here, loaded from the
// translation repo in production) is compiled to functions with @messageformat/core by the app's loadMessages
// helper, which every checkout summary (/x) calls for the shopper's locale.
'use strict';
const restify = require('restify');
const MessageFormat = require('@messageformat/core');

const shapes = [
  (i) => `{count, plural, =0 {No tickets for {event}} one {# ticket for {event}, {price, number, ::currency/EUR}} other {# tickets for {event}, {price, number, ::currency/EUR} in total}}`,
  (i) => `{gender, select, female {Sie erhält} male {Er erhält} other {Der Gast erhält}} {count, plural, one {ein Ticket} other {# Tickets}} für Block ${i % 30} am {date, date, ::yyyyMMMd}`,
  (i) => `Ihr Warenkorb läuft in {minutes, plural, one {einer Minute} other {# Minuten}} ab. Reserviert: {seats, number} Plätze (Rabatt {discount, number, ::percent})`,
  (i) => `{tier, select, vip {VIP-Lounge inklusive} premium {Premium-Sitzplatz, Reihe {row}} other {Stehplatz}} · Einlass ab {time, time, short} · Code ${i}`,
];
const catalogue = { de: Object.fromEntries(Array.from({ length: 2400 }, (_, i) => [`checkout.m${i}`, shapes[i % 4](i)])) };

function loadMessages(locale) {
  const mf = new MessageFormat(locale);
  const messages = {};
  for (const [key, source] of Object.entries(catalogue[locale])) messages[key] = mf.compile(source);
  return messages;
}

const server = restify.createServer();
server.use(restify.plugins.queryParser());
server.get('/health', (req, res, next) => { res.send('ok'); next(); });
server.get('/x', (req, res, next) => {
  const t = loadMessages(req.query.locale || 'de');
  res.send({
    title: t['checkout.m0']({ count: 3, event: 'Hallenkonzert', price: 147 }),
    seats: t['checkout.m1']({ gender: 'female', count: 3, date: new Date(Date.UTC(2025, 5, 14)) }),
    hold: t['checkout.m2']({ minutes: 9, seats: 3, discount: 0.1 }),
  });
  next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
