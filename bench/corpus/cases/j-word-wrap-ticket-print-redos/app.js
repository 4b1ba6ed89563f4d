// Koa: the help desk's plain-text ticket export. Agents download a ticket as text to paste into
// e-mail; the body is wrapped at 72 columns with trailing spaces removed. This ticket's body was pasted
// from a web form and carries a long run of spaces that ends in a non-breaking space.
'use strict';
const Koa = require('koa');
const wrap = require('word-wrap');

const ticket = {
  id: 48213,
  subject: 'Export stuck at 99%',
  body: `The export has been stuck since this morning.${' '.repeat(9000)}\u00a0`,
};

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  const text = wrap(ticket.body, { width: 72, indent: '', trim: true });
  ctx.type = 'text/plain';
  ctx.body = `Ticket #${ticket.id}: ${ticket.subject}\n\n${text}\n`;
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
