// Express 5, bundled and minified with esbuild as the team ships it: a helpdesk's ticket thread view. /x returns
// one escalated ticket's thread (6,000 messages between customer, agents and the carrier's bot) with the links each
// message mentions, found with linkifyjs's find (its scanner tokenizes the whole message and its parser walks the
// tokens for URLs, e-mail addresses and hostnames), so the agent UI can list "links in this thread". The thread
// is made at start-up.
'use strict';
const express = require('express');
const linkify = require('linkifyjs');

const phrases = ['the parcel left the depot this morning', 'see https://track.example-carrier.com/p/JD014600?lang=en&ref=mail', 'please reply to returns@shop.example.org',
  'label attached', 'refund approved, allow 3-5 days', 'docs at www.example.co.uk/help/returns#label', 'customer called again', 'escalated to tier 2',
  'courier says address not found', 'photo uploaded', 'order #88231 split in two', 'ok thanks', 'invoice.example.net/inv/2025/04/88231.pdf'];
const thread = Array.from({ length: 6000 }, (_, i) => ({
  id: i + 1, author: ['customer', 'agent:mia', 'bot:carrier', 'agent:raj'][i % 4], at: new Date(Date.UTC(2025, 3, 1) + i * 97e3).toISOString(),
  body: Array.from({ length: 8 }, (_, k) => phrases[(i * 5 + k * 7) % phrases.length]).join('. '),
}));

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const messages = [];
  for (const m of thread) {
    const links = linkify.find(m.body).map((l) => ({ type: l.type, href: l.href }));
    messages.push({ id: m.id, author: m.author, at: m.at, links });
  }
  res.json({ ticket: 'T-20931', messages: messages.length, withLinks: messages.filter((m) => m.links.length).length, thread: messages.slice(-50) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
