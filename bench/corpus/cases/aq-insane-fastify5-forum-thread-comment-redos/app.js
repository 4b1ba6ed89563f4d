// Fastify 5: the forum service of a photography community. Members post comments as HTML from the rich-text editor;
// the thread page (/x) sanitizes each stored comment at render time with insane 2.6.2 (the whitelist sanitizer the
// editor team picked), in the app's renderComment helper. One member pasted a comment whose <img> tag runs on into
// about 14,000 spaces and never closes: insane's start-tag regex backtracks quadratically over it on every view
// (CVE-2020-26303, insane <= 2.6.2, no patched release). The thread is made at start-up, as the database would hold it.
'use strict';
const fastify = require('fastify')({ logger: false });
const insane = require('insane');

const policy = {
  allowedTags: ['a', 'b', 'blockquote', 'br', 'code', 'em', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'strong', 'ul'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https'],
};
function renderComment(c) {
  const html = insane(c.html, policy);
  return { id: c.id, author: c.author, postedAt: c.postedAt, html };
}

const authors = ['lena.k', 'marco_f', 'ishaan', 'ruth.p', 'tomasz', 'ayo.b', 'claire_m', 'kenji'];
const threads = new Map();
const comments = Array.from({ length: 60 }, (_, i) => ({
  id: 900400 + i, author: authors[i % authors.length], postedAt: new Date(Date.UTC(2025, 3, 2, 8, i)).toISOString(),
  html: `<p>Shot ${i + 1}: <strong>f/${(1.8 + (i % 6)).toFixed(1)}</strong>, 1/${125 * (1 + (i % 4))} s, ISO ${100 << (i % 5)}.</p>` +
    `<p>See <a href="https://photos.example.org/u/${authors[i % 8]}/${i}">the full set</a> <img src="https://img.example.org/t/${i}.jpg" alt="thumb ${i}" width="160" height="120"></p>` +
    (i % 7 === 0 ? '<blockquote><em>Golden hour really helps with the backlight here.</em></blockquote>' : ''),
}));
comments.splice(37, 0, { id: 900999, author: 'night_owl', postedAt: '2025-04-02T09:41:00.000Z',
  html: '<p>Great pics!</p><img src="https://img.example.org/t/owl.jpg"' + ' '.repeat(14000) + 'alt="owl"' });
threads.set('t-5521', { id: 't-5521', title: 'Backlit portraits: share your settings', comments });

fastify.get('/health', async () => ({ ok: true }));
fastify.get('/x', async (req) => {
  const thread = threads.get(req.query.thread || 't-5521');
  return { id: thread.id, title: thread.title, comments: thread.comments.map(renderComment) };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
