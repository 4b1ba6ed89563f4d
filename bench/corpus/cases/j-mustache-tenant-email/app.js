// Express 5: the newsletter service's preview. Each tenant edits its own newsletter template in the
// dashboard; the preview renders the stored template for the first 60 subscribers so the editor can
// page through them. Mustache's template cache is switched off because tenants' templates change all
// the time and the cache grew without bound.
'use strict';
const express = require('express');
const Mustache = require('mustache');

Mustache.templateCache = undefined;

const blocks = [];
for (let i = 0; i < 120; i++) {
  blocks.push(`<tr><td class="h">{{#show${i % 4}}}Offer ${i} for {{name}}{{/show${i % 4}}}{{^show${i % 4}}}More from {{company}}{{/show${i % 4}}}</td>
<td>{{! block ${i} }}<a href="{{baseUrl}}/o/${i}?u={{id}}">Shop now</a> <span>{{{footnote}}}</span> {{city}}</td></tr>`);
}
const template = `<html><body><h1>Hello {{name}}</h1><table>\n${blocks.join('\n')}\n</table><p>{{> unsubscribe}}</p></body></html>`;
const partials = { unsubscribe: '<a href="{{baseUrl}}/unsub?u={{id}}">Unsubscribe</a>' };

const subscribers = Array.from({ length: 60 }, (_, i) => ({
  id: i, name: `Reader ${i}`, company: 'Acme Outdoor', city: ['Berlin', 'Lyon', 'Turin'][i % 3], baseUrl: 'https://acme.example',
  footnote: '<small>Prices incl. VAT</small>', show0: i % 2 === 0, show1: i % 3 === 0, show2: true, show3: false,
}));

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const pages = subscribers.map((s) => Mustache.render(template, s, partials));
  res.json({ count: pages.length, bytes: pages.reduce((n, p) => n + p.length, 0) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
