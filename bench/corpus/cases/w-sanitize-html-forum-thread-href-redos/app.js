// Express: a community forum renders a thread by sanitizing each stored post with sanitize-html 2.7.0
// on every view (posts are stored as submitted). One post carries a link whose href is 12,000 "<!--"
// with no closing "-->" (CVE-2022-25887), made at start-up here as the stored hostile value.
'use strict';
const express = require('express');
const sanitizeHtml = require('sanitize-html');

const posts = [];
for (let i = 0; i < 30; i++) {
  posts.push({ id: i, author: `user${i}`, body: `<p>Reply ${i}: try <b>restarting</b> the agent, see <a href="https://docs.example.com/agent/${i}#restart">the guide</a> and <a href="/t/${1000 + i}">this thread</a>.</p><img src="/u/${i}.png" alt="shot">` });
}
posts[17].body = `<p>see <a href="https://example.com/${'<!--'.repeat(12000)}">this</a></p>`;
const options = { allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img']), allowedSchemes: ['http', 'https', 'mailto'] };

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const rendered = posts.map((p) => ({ id: p.id, author: p.author, html: sanitizeHtml(p.body, options) }));
  res.json({ thread: 42, posts: rendered.length, bytes: rendered.reduce((n, p) => n + p.html.length, 0) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
