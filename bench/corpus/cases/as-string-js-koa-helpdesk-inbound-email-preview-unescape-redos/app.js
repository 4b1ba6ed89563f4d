// Koa 2: the inbound side of a help desk. Customer emails arrive through the mail provider's webhook and are stored
// with their HTML part; the agent's ticket view asks for a plain-text preview of the message, which the app's
// MessagePreview helper makes with string.js (3.3.3): tags stripped, HTML entities decoded, whitespace collapsed.
// Ticket 8812 came from a hostile sender: a "newsletter" whose body is tracking links, thousands of query parameters
// joined with '&' and not one ';' in the whole message. The tickets are made at start-up.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const S = require('string');

const link = (i) => `https://news.example-deals.shop/r/${i}?utm_source=mail&utm_medium=email&utm_campaign=spring-${i}&cid=${9000 + i}&`;
const tickets = new Map([
  [8810, { id: 8810, from: 'ana.ribeiro@example.pt', subject: 'Order 55102 missing one item', html: '<p>Hello,</p><p>my order 55102 arrived without the second cushion cover &amp; the invoice lists it.</p><p>Thanks, Ana</p>' }],
  [8812, { id: 8812, from: 'offers@news.example-deals.shop', subject: 'Your exclusive spring offers', html: `<div><p>Hi there! Check our deals:</p><p>${Array.from({ length: 1000 }, (_, i) => link(i)).join(' ')}</p></div>` }],
]);

const MessagePreview = {
  plainText(html) {
    return S(html).stripTags().unescapeHTML().collapseWhitespace().s;
  },
  excerpt(ticket, max = 400) {
    const text = this.plainText(ticket.html);
    return { id: ticket.id, from: ticket.from, subject: ticket.subject, chars: text.length, preview: text.slice(0, max) };
  },
};

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/tickets/:id/preview', (ctx) => {
  const ticket = tickets.get(Number(ctx.params.id));
  if (!ticket) ctx.throw(404, 'no such ticket');
  ctx.body = MessagePreview.excerpt(ticket, Number(ctx.query.max) || 400);
});

const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
