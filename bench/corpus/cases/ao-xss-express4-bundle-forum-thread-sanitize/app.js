// Express 4, bundled with esbuild (minified, with a source map) as the team ships it: the thread page API of
// a community forum. Posts are stored as the rich-text editor's HTML (a long thread of 800 posts, made at
// start-up) and the app's renderThread helper runs every post through js-xss's filterXSS with the forum's
// whitelist on every view, though a post's HTML only changes when its author edits it.
'use strict';
const express = require('express');
const xss = require('xss');

const filterOptions = {
  whiteList: { ...xss.whiteList, span: ['class', 'data-mention'], pre: ['class'], code: ['class'] },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style'],
};

function postHtml(i) {
  const paras = [];
  for (let p = 0; p < 6; p++) {
    paras.push(`<p class="para" onclick="track(${i})">Re: the <b>gearbox</b> noise on the <a href="https://forum.example.com/t/${i}/${p}" target="_blank" rel="nofollow">${p}th</a> ride, ` +
      `<span class="mention" data-mention="u${i % 90}">@rider${i % 90}</span> tried <i>torque ${10 + p} Nm</i> &amp; <code class="lang-txt">M8x${20 + p}</code>. ` +
      `<img src="https://cdn.example.com/img/${i}-${p}.jpg" alt="photo ${p}" width="640" height="480" onerror="x()"> Quote: <blockquote><u>it clicks at 25 km/h</u> <font color="red">see video</font></blockquote></p>`);
  }
  return `<div class="post">${paras.join('\n')}<pre class="log">${'rpm=3200 temp=71 '.repeat(8)}</pre><script>steal()</script></div>`;
}
const threads = new Map([['t-88121', { title: 'Gearbox noise after 3,000 km', posts: Array.from({ length: 800 }, (_, i) => ({ id: 900000 + i, author: `rider${i % 90}`, html: postHtml(i) })) }]]);

function renderThread(thread) {
  return thread.posts.map((post) => ({ id: post.id, author: post.author, html: xss.filterXSS(post.html, filterOptions) }));
}

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const thread = threads.get(req.query.thread || 't-88121');
  const posts = renderThread(thread);
  res.json({ title: thread.title, count: posts.length, posts: posts.slice(0, 20) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
