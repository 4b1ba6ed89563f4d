// node:http: a newsletter service renders the next batch of 60 e-mails with hogan.js (mustache). The
// recipient's unsubscribe token is spliced into the template's text before Hogan.compile, so the text is
// new for every recipient, hogan's compile cache never hits, and the 13 KB template is compiled 60 times.
'use strict';
const http = require('node:http');
const Hogan = require('hogan.js');

const block = (i) => `<tr><td class="story s${i}">{{#stories.${i}}}<h2><a href="{{url}}?utm=%TOKEN%">{{title}}</a></h2><p>{{{summary}}}</p>` +
  `{{#tags}}<span class="tag">{{.}}</span>{{/tags}}{{^tags}}<span class="tag">news</span>{{/tags}}<small>{{minutes}} min read</small>{{/stories.${i}}}</td></tr>`;
const template = `<html><body><table><tr><td><h1>{{title}}</h1><p>Hello {{firstName}},</p></td></tr>` +
  Array.from({ length: 48 }, (_, i) => block(i)).join('') +
  `<tr><td>{{#offers}}<div class="offer"><b>{{name}}</b> {{price}}</div>{{/offers}}</td></tr>` +
  `<tr><td><a href="https://news.example.com/unsubscribe?token=%TOKEN%">Unsubscribe</a></td></tr></table></body></html>`;
const stories = Array.from({ length: 48 }, (_, i) => ({ url: `https://news.example.com/s/${i}`, title: `Story ${i}`, summary: `<em>Summary</em> of story ${i}`, tags: i % 3 ? ['tech', 'weekly'] : [], minutes: (i % 7) + 2 }));
const subscribers = Array.from({ length: 100000 }, (_, i) => ({ firstName: `Reader${i}`, token: `t${(i * 2654435761) % 4294967296}`.padEnd(24, 'x') }));
let cursor = 0;

http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  const batch = subscribers.slice(cursor, cursor + 60);
  cursor = (cursor + 60) % subscribers.length;
  const emails = batch.map((r) => {
    const email = Hogan.compile(template.replace(/%TOKEN%/g, r.token));
    return email.render({ title: 'This week', firstName: r.firstName, stories, offers: [{ name: 'Pro', price: '$9' }] });
  });
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ rendered: emails.length, next: cursor, bytes: emails.reduce((s, e) => s + e.length, 0) }));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
