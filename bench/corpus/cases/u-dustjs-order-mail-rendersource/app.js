// Koa 2 with @koa/router (CommonJS): a shop platform's transactional mail. Each tenant edits its order
// confirmation template in the admin (Dust syntax, stored with the tenant's settings; kept in memory here).
// /x renders the confirmations of the batch of 210 orders that the checkout queue handed over, with
// dust.renderSource: it takes the template's text, so Dust parses it, generates the template function's code
// and evaluates it for every order before rendering it. The tenant's template and the orders are made at
// start-up.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const dust = require('dustjs-linkedin');

const row = '<tr><td>{sku}</td><td>{title}</td><td>{qty}</td><td>{price}</td>{?discount}<td>-{discount}</td>{:else}<td></td>{/discount}</tr>';
const tenant = {
  id: 'shop-381',
  orderConfirmation: `<html><body><h1>Thanks for your order, {customer.firstName}!</h1>
<p>Order {orderId} placed on {placedAt}.{?giftMessage} <em>{giftMessage}</em>{/giftMessage}</p>
{#sections}<h2>{heading}</h2><table>{#lines}${row}{/lines}</table>{:else}<p>No items.</p>{/sections}
{#shipping}<p>Ships with {carrier} to {address.street}, {address.zip} {address.city}, {address.country}</p>{/shipping}
{?customer.isMember}<p>Members get free returns within 60 days.</p>{:else}<p>Returns within 14 days.</p>{/customer.isMember}
${Array.from({ length: 8 }, (_, k) => `{?notices.n${k}}<p class="notice">{notices.n${k}.text} {#notices.n${k}.links}<a href="{url}">{label}</a>{/notices.n${k}.links}</p>{/notices.n${k}}`).join('\n')}
<footer>{#links}<a href="{url}">{label}</a> | {/links}<a href="{unsubscribeUrl}">Unsubscribe</a></footer></body></html>`,
};
const orders = Array.from({ length: 210 }, (_, i) => ({
  orderId: `SO-${610000 + i}`, placedAt: `2025-03-0${1 + (i % 9)}`, giftMessage: i % 9 === 0 ? 'Happy birthday!' : null,
  customer: { firstName: ['Ana', 'Ben', 'Chloé', 'Deniz'][i % 4], isMember: i % 3 === 0 },
  sections: [{ heading: 'Your items', lines: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ sku: `SKU-${(i * 7 + k) % 900}`, title: `Item ${k}`, qty: 1 + (k % 2), price: `${(9.9 + k * 3).toFixed(2)} EUR`, discount: k === 1 ? '2.00 EUR' : null })) }],
  shipping: { carrier: 'DHL', address: { street: `Hauptstr. ${i}`, zip: `10${String(i).padStart(3, '0')}`, city: 'Berlin', country: 'DE' } },
  notices: { n0: { text: 'Track your parcel.', links: [{ url: `https://shop.example/track/${i}`, label: 'Track' }] } },
  links: [{ url: 'https://shop.example/help', label: 'Help' }], unsubscribeUrl: `https://shop.example/u/${i}`,
}));

const render = (source, context) => new Promise((resolve, reject) => {
  dust.renderSource(source, context, (err, html) => (err ? reject(err) : resolve(html)));
});

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', async (ctx) => {
  const mails = [];
  for (const order of orders) mails.push({ orderId: order.orderId, html: await render(tenant.orderConfirmation, order) });
  ctx.body = { tenant: tenant.id, rendered: mails.length, bytes: mails.reduce((n, m) => n + m.html.length, 0) };
});
const app = new Koa();
app.use(router.routes());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
