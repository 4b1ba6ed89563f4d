// Polka: the CRM's contact export. Each workspace can set how a contact's display name is written in
// exports, as an underscore template saved in its settings. /x builds the CSV of a 6,000-contact
// segment and formats every row's name with underscore 1.13.7: `_.template(format)(row)` inside the
// row loop, so the same saved format is compiled again (regex scan of the source, generated function
// built with new Function) for each row. Contacts and settings are made at start-up here.
'use strict';
const polka = require('polka');
const _ = require('underscore');

const workspace = {
  id: 'ws-7731',
  settings: { nameFormat: '<%- last.toUpperCase() %>, <%- first %><% if (company) { %> (<%- company %>)<% } %> <<%- email %>>' },
};
const contacts = [];
for (let i = 0; i < 6000; i++) {
  contacts.push({ id: 500000 + i, first: ['Ana', 'Jonas', 'Mei', 'Olu', 'Sara'][i % 5], last: `Silva-${i % 311}`,
    company: i % 3 ? `Company ${i % 97} GmbH` : '', email: `contact${i}@example.com`, stage: ['lead', 'customer', 'churned'][i % 3] });
}

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const lines = ['id,name,stage'];
    for (const row of contacts) {
      const name = _.template(workspace.settings.nameFormat)(row);
      lines.push(`${row.id},"${name.replace(/"/g, '""')}",${row.stage}`);
    }
    res.setHeader('Content-Type', 'text/csv');
    res.end(lines.join('\n'));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
