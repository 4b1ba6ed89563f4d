// Express: the logistics dashboard's "tracking events per day" chart. Carrier webhooks are stored as they
// arrive, timestamps included in each carrier's own format (ISO, US, RFC 1123, "5 Mar 2024 2:22 PM" ...);
// /x reads the last 16,000 events and parses each timestamp with any-date-parser 2.2.4 on every view to bucket
// them by day. The events are made at start-up here.
'use strict';
const express = require('express');
const { fromString } = require('any-date-parser');

const pad = (n) => String(n).padStart(2, '0');
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formats = [
  (d) => d.toISOString(),                                                               // carrier A
  (d) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`, // B
  (d) => d.toUTCString(),                                                               // C: RFC 1123
  (d) => `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${d.getUTCHours() % 12 || 12}:${pad(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`, // D
  (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`, // E
  (d) => `${days[d.getUTCDay()]}, ${months[d.getUTCMonth()]} ${d.getUTCDate()} ${d.getUTCFullYear()}`, // F: date only
];
const events = [];
const t0 = Date.UTC(2024, 2, 1);
for (let i = 0; i < 16000; i++) {
  const d = new Date(t0 + i * 217e3);
  events.push({ shipment: `SHP-${200000 + (i % 3000)}`, carrier: i % formats.length, status: i % 9 ? 'in_transit' : 'delivered', at: formats[i % formats.length](d) });
}
fromString(events[0].at, 'en-US'); // builds and caches the en-US pattern table once, at start-up

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const perDay = {};
  for (const e of events) {
    const when = fromString(e.at, 'en-US');
    const day = when.isValid() ? when.toISOString().slice(0, 10) : 'unknown';
    perDay[day] = (perDay[day] || 0) + 1;
  }
  res.json({ events: events.length, perDay });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
