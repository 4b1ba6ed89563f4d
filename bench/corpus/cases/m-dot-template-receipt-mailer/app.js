// Express: the mailer of a shop sends the order-confirmation e-mail. The mail module reads the doT
// template (an 80-block receipt layout that marketing edits) and calls doT.template on every send, then
// renders it with the order; /x sends the next batch of 70 queued confirmations.
'use strict';
const express = require('express');
const doT = require('dot');

let layout = '<html><body><table class="receipt"><tr><td><h1>Thanks, {{! it.customer.name }}</h1><p>Order {{= it.id }}</p></td></tr>';
for (let i = 0; i < 80; i++) {
  layout += `<tr class="b${i}"><td>{{? it.blocks[${i}] }}<h2>{{! it.blocks[${i}].title }}</h2>` +
    `{{~ it.blocks[${i}].lines :line:n }}<div class="l{{= n }}"><b>{{! line.sku }}</b> {{! line.name }} x{{= line.qty }} ` +
    `<span>{{= (line.qty * line.price).toFixed(2) }} {{= it.currency }}</span>{{? line.gift }}<em>gift</em>{{??}}<i>-</i>{{?}}</div>{{~}}` +
    `{{??}}<p>{{! it.customer.email }}</p>{{?}}</td></tr>\n`;
}
layout += '<tr><td>Total {{= it.total }} {{= it.currency }}</td></tr></table></body></html>';
doT.templateSettings.strip = false;

const queue = Array.from({ length: 1000 }, (_, o) => ({
  id: `SO-${100000 + o}`, currency: 'EUR', total: (o * 3.7).toFixed(2), customer: { name: `Buyer <${o}>`, email: `buyer${o}@example.com` },
  blocks: Array.from({ length: 80 }, (__, b) => (b % 4 === 0 ? null : { title: `Parcel ${b}`, lines: [{ sku: `SKU-${b}`, name: 'Mug & co', qty: 2, price: 7.5, gift: b % 2 === 0 }] })),
}));
let next = 0;

function renderConfirmation(order) {
  const render = doT.template(layout);
  return render(order);
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const sent = [];
  for (let k = 0; k < 70; k++) {
    const order = queue[next]; next = (next + 1) % queue.length;
    sent.push({ id: order.id, bytes: renderConfirmation(order).length });
  }
  res.json({ sent });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
