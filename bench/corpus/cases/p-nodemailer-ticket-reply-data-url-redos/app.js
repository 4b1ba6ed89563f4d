// Express 5: the support desk mails the thread of a ticket to its watchers when an agent replies. Replies are
// HTML from the rich-text editor, whose pasted screenshots are data: URLs, so the mailer sets nodemailer's
// attachDataUrls to turn them into CID attachments. nodemailer is 6.9.8 (pinned by the mail module); the
// transport is jsonTransport here (production uses SMTP; the message is built the same and nothing connects).
// One customer reply in the thread is 3,600 "<img " openings with no closing '>'. The thread is made at
// start-up.
'use strict';
const express = require('express');
const nodemailer = require('nodemailer');

const mailer = nodemailer.createTransport({ jsonTransport: true });
const pixel = 'data:image/png;base64,' + Buffer.alloc(96, 7).toString('base64');
const thread = Array.from({ length: 40 }, (_, i) => ({
  author: i % 2 ? 'agent@support.example' : 'customer@shop.example',
  html: `<p>Reply ${i}: the order <b>#${41000 + i}</b> still shows as pending.</p><p><img src="${pixel}" alt="screenshot ${i}"></p>`,
}));
thread[23].html = `<p>see below</p>${'<img '.repeat(3600)}<p>thanks</p>`;

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res) => {
  const html = thread.map((r) => `<div class="reply"><small>${r.author}</small>${r.html}</div>`).join('\n');
  const info = await mailer.sendMail({ from: 'desk@support.example', to: 'watchers@support.example', subject: 'Ticket #88231 updated', html, attachDataUrls: true });
  res.json({ messageId: info.messageId, bytes: info.message.length });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
