// Fastify 4 (CommonJS): a co-working operator's booking service. Two calls are slow. /rooms/availability is
// the booking page's overview: it expands each room's recurring bookings (6 RRULEs per room, 22 rooms, as
// stored in iCalendar form) over the next 13 weeks with rrule's rrulestr(...).between(...) and counts the
// booked hours. /bookings/reminders is the hourly job that prepares the reminder mails of tomorrow's 300
// bookings: each mail is the booking's location's template (the operator edits them in the back office),
// compiled with jsrender.templates(markup) and rendered for the booking. The rooms, rules, templates and
// bookings are made at start-up.
'use strict';
const fastify = require('fastify');
const { rrulestr } = require('rrule');
const jsrender = require('jsrender');

const rules = [
  'FREQ=WEEKLY;BYDAY=MO,WE,FR;BYHOUR=9;BYMINUTE=0', 'FREQ=DAILY;BYHOUR=13;BYMINUTE=30', 'FREQ=MONTHLY;BYDAY=1TU;BYHOUR=15',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;BYHOUR=11', 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=8,12,16;BYMINUTE=0,30', 'FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=10,14',
];
const rooms = Array.from({ length: 22 }, (_, r) => ({
  id: `R${101 + r}`, name: `Room ${101 + r}`,
  recurring: Array.from({ length: 6 }, (_, k) => ({ title: `Series ${r}-${k}`, hours: 1 + (k % 2), ical: `DTSTART:20240105T080000Z\nRRULE:${rules[(r + k) % rules.length]}` })),
}));
const locationTemplate = (loc) => `<html><body style="font-family:sans-serif">
<h1>See you tomorrow at ${loc}, {{>guest.firstName}}!</h1>
<p>Your booking <b>{{:id}}</b>: {{>room}} from {{:from}} to {{:to}}{{if seats > 1}} for {{:seats}} people{{/if}}.</p>
{{if extras.length}}<ul>{{for extras}}<li>{{>name}}{{if price}} ({{:price}} EUR){{/if}}</li>{{/for}}</ul>{{else}}<p>No extras booked.</p>{{/if}}
<table>{{for agenda}}<tr><td>{{:time}}</td><td>{{>item}}</td>{{if host}}<td>{{>host}}</td>{{/if}}</tr>{{/for}}</table>
{{if guest.vip}}<p class="vip">Your host {{>host.name}} will meet you at the ${loc} reception.</p>{{else}}<p>Check in at the front desk.</p>{{/if}}
<h2>Getting there</h2>{{if parking}}<p>Parking: {{>parking.garage}}, level {{:parking.level}}{{if parking.code}}, code {{>parking.code}}{{/if}}.</p>{{else}}<p>Take the U-Bahn to {{>transit.station}} ({{>transit.lines}}), then {{:transit.minutes}} minutes on foot.</p>{{/if}}
<h2>Opening hours</h2><table>{{for hours}}<tr><td>{{>day}}</td>{{if closed}}<td colspan="2">closed</td>{{else}}<td>{{:open}}</td><td>{{:close}}</td>{{/if}}</tr>{{/for}}</table>
<h2>House rules</h2><ol>{{for rules}}<li>{{>#data}}</li>{{/for}}</ol>
{{if series}}<h2>Your series</h2><ul>{{for series}}<li>{{>title}}: {{:date}} {{:time}}{{if room !== ~root.room}} in {{>room}}{{/if}}</li>{{/for}}</ul>{{/if}}
<p>Wi-Fi: {{>wifi.ssid}} / {{>wifi.password}} &middot; <a href="https://book.example/b/{{:id}}/cancel">Cancel</a> &middot; <a href="https://book.example/b/{{:id}}/move">Move</a>{{if invoice}} &middot; <a href="https://book.example/i/{{:invoice}}">Invoice {{:invoice}}</a>{{/if}}</p>
<footer>{{>company.name}}, {{>company.street}}, {{>company.city}} &middot; VAT {{>company.vat}} &middot; {{if guest.newsletter}}<a href="https://book.example/u/{{:guest.id}}">Unsubscribe</a>{{else}}<a href="https://book.example/s/{{:guest.id}}">Get our newsletter</a>{{/if}}</footer>
</body></html>`;
const locations = ['Berlin Mitte', 'Hamburg Hafen', 'Munich Ost', 'Cologne Dom'];
const templates = Object.fromEntries(locations.map((l) => [l, locationTemplate(l)]));
const bookings = Array.from({ length: 300 }, (_, i) => ({
  id: `BK-${70400 + i}`, location: locations[i % 4], room: `Room ${101 + (i % 22)}`, from: `${8 + (i % 9)}:00`, to: `${10 + (i % 9)}:00`, seats: 1 + (i % 6),
  guest: { id: `G-${9000 + i}`, firstName: ['Ada', 'Grace', 'Linus', 'Margaret'][i % 4], vip: i % 11 === 0, newsletter: i % 2 === 0 }, host: { name: 'Jo' }, wifi: { ssid: 'cowork-guest', password: `pw-${i % 97}` },
  parking: i % 5 ? null : { garage: 'Q-Park', level: -2, code: i % 2 ? '4711' : null }, transit: { station: 'Rosenthaler Platz', lines: 'U8', minutes: 4 }, invoice: i % 3 ? `INV-${5500 + i}` : null,
  hours: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((day, k) => ({ day, closed: k === 6, open: '07:30', close: k === 5 ? '14:00' : '20:00' })),
  rules: ['Leave the room as you found it.', 'No food in the phone booths.', 'Guests sign in at reception.'], company: { name: 'Cowork Ops GmbH', street: 'Torstr. 1', city: '10119 Berlin', vat: 'DE123456789' },
  series: i % 4 ? null : [{ title: 'Team sync', date: '2025-03-10', time: '09:00', room: `Room ${101 + (i % 22)}` }, { title: 'Team sync', date: '2025-03-17', time: '09:00', room: 'Room 105' }],
  extras: i % 3 ? [{ name: 'Coffee & water', price: 0 }, { name: 'Beamer', price: 25 }] : [], agenda: Array.from({ length: 3 }, (_, k) => ({ time: `${9 + k}:00`, item: `Block ${k + 1}`, host: k ? null : 'Jo' })),
}));
const outbox = [];

const app = fastify();
app.get('/health', async () => 'ok');
app.get('/rooms/availability', async () => {
  const from = new Date(Date.UTC(2025, 2, 3)), to = new Date(Date.UTC(2025, 5, 2));
  const week = rooms.map((room) => ({
    room: room.id,
    bookedHours: room.recurring.reduce((sum, s) => sum + s.hours * rrulestr(s.ical).between(from, to).length, 0),
  }));
  return { from: from.toISOString(), to: to.toISOString(), rooms: week };
});
app.get('/bookings/reminders', async () => {
  for (const b of bookings) {
    const html = jsrender.templates(templates[b.location]).render(b);
    outbox.push({ to: b.id, subject: `Tomorrow: ${b.room}`, html });
  }
  const queued = outbox.splice(0).length; // the mailer picks them up
  return { queued };
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
