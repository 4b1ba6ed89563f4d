// Express 4: a helpdesk shows the plain-text preview of an inbound e-mail. The mail provider's text
// part still carries HTML entities (&amp;, &nbsp;, &uuml;), so the preview decodes them with
// underscore.string's unescapeHTML (3.3.4, the version older trees such as sequelize 4 or grunt pin).
// One stored ticket (made here at start-up) is a customer's pasted export of 600 tracking links:
// ~60 KB with 2,400 '&' and not one ';'.
'use strict';
const express = require('express');
const s = require('underscore.string');

const links = [];
for (let i = 0; i < 600; i++) links.push(`https://track.example-carrier.com/t?ref=ORD${100000 + i}&lang=de&utm_source=mail&utm_medium=notice&step=${i % 5}`);
const tickets = new Map([
  ['T-88412', { subject: 'Sendungen ohne Status', from: 'lager@kunde.example', body: `Hallo Support,\nhier die Links aus dem Export:\n${links.join('\n')}\nDanke & Gruss` }],
]);

const app = express();
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const ticket = tickets.get(String(req.query.id || 'T-88412'));
  const text = s.unescapeHTML(ticket.body);
  res.json({ subject: ticket.subject, from: ticket.from, preview: s.prune(text, 400), lines: s.lines(text).length });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
