// Express sign-up list check with the app's own e-mail regex, whose nested quantifier backtracks
// exponentially on a crafted address.
'use strict';
const express = require('express');

const EMAIL = /^([\w.-]+\s*)+@[\w-]+(\.[\w-]+)+$/;
const invites = ['ada@example.com', 'grace@example.com', `${'a'.repeat(25)}!`];

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const valid = invites.filter((address) => EMAIL.test(address));
  res.json({ valid: valid.length, invalid: invites.length - valid.length });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
