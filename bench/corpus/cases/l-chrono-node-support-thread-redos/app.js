// Express: the help desk suggests follow-up dates for an open ticket. /x runs the ticket's whole mail
// thread (about 120 messages, plain text) through chrono-node 2.2.3's parse to list every date and
// time the customer and the agents mentioned. One customer pasted the carrier portal's shipment table
// into a reply; its columns are padded with long runs of blanks (made at start-up here).
'use strict';
const express = require('express');
const chrono = require('chrono-node');

const messages = [];
for (let i = 0; i < 120; i++) {
  messages.push(`From: ${i % 2 ? 'agent' : 'customer'}${i % 7}@example.com\n` +
    `Sent: Monday, March ${(i % 27) + 1}, 2024 10:${String(i % 60).padStart(2, '0')} AM\n` +
    `Subject: Re: order #${4400 + i}\n\n` +
    `Hi team, could we move the installation to next Tuesday at 3pm? The technician said it takes about 2 hours.\n` +
    `We checked the wiring in the hallway as you asked and the old router is still mounted next to the fuse box, ` +
    `so please tell the installer to bring the longer cable and the wall bracket. Our office manager will be ` +
    `there to open the server room and the parking garage. Let us know if anything else is needed from our side.\n` +
    `Thanks,\nSam\n`);
}
messages.splice(4, 0, 'Shipment status (copied from the carrier portal):\n' +
  `Parcel 1   Delivered in 2 days${' '.repeat(112)}| signed: J. Doe\n`);
const ticket = { id: 'T-88213', thread: messages.join('\n'), openedAt: new Date('2024-03-04T09:00:00Z') };

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const found = chrono.parse(ticket.thread, ticket.openedAt);
  const dates = found.map((r) => ({ text: r.text, at: r.start.date().toISOString() }));
  res.json({ ticket: ticket.id, mentions: dates.length, first: dates.slice(0, 5) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
