// An invoice page on node:http rendered with ejs.render(template, data): the template is a string,
// passed without a filename or cache option.
'use strict';
const http = require('node:http');
const ejs = require('ejs');

const section = (i) => `<section id="s${i}">
  <h2><%= invoice.sections[${i}].title %></h2>
  <% if (invoice.sections[${i}].lines.length) { %><ul>
    <% invoice.sections[${i}].lines.forEach(function (line) { %><li class="<%= line.paid ? 'paid' : 'due' %>"><%= line.label %>: <%= line.amount.toFixed(2) %></li><% }) %>
  </ul><% } else { %><p>No lines</p><% } %>
</section>`;
const template = `<h1>Invoice <%= invoice.number %></h1>\n${Array.from({ length: 3000 }, (_, i) => section(i)).join('\n')}`;
const invoice = { number: 'INV-2024-0042', sections: Array.from({ length: 3000 }, (_, i) => ({ title: `Section ${i}`, lines: i % 10 ? [] : [{ label: 'Hosting', amount: 12.5, paid: true }] })) };

http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  const html = ejs.render(template, { invoice });
  res.setHeader('Content-Type', 'text/html');
  res.end(html);
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
