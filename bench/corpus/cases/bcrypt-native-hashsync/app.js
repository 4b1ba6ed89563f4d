// Sign-up with the native bcrypt addon, but through its synchronous hashSync (cost 11).
'use strict';
const express = require('express');
const bcrypt = require('bcrypt');

const app = express();
const users = new Map();

app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const email = `user${users.size}@example.com`;
  const hash = bcrypt.hashSync('correct horse battery staple', 11);
  users.set(email, hash);
  res.status(201).json({ email });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
