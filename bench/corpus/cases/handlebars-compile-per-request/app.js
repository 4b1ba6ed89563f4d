// A report page whose Handlebars template (about 75 KB) is compiled again on every request.
'use strict';
const express = require('express');
const Handlebars = require('handlebars');

let source = '<html><body>';
for (let i = 0; i < 500; i++) {
  source += `{{#if user.s${i}}}<div class="s{{@index}}">{{user.name}} {{#each items}}<span>{{this.title}}</span>{{/each}}</div>{{else}}<p>{{user.email}}</p>{{/if}}\n`;
}
source += '</body></html>';
const data = { user: { name: 'Ada', email: 'ada@example.com' }, items: [{ title: 'one' }, { title: 'two' }] };

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const html = Handlebars.compile(source)(data);
  res.type('html').send(html);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
