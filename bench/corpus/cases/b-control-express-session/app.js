// Control: express with the middleware a classic app stacks up (morgan, cors, cookie-parser,
// express-session with its memory store); the route reads and updates the session and answers.
'use strict';
const express = require('express');
const morgan = require('morgan');
const cors = require('cors');
const cookieParser = require('cookie-parser');
const session = require('express-session');

const app = express();
app.use(morgan('tiny'));
app.use(cors());
app.use(cookieParser('cookie secret'));
app.use(session({ secret: 'session secret', resave: false, saveUninitialized: true, cookie: { httpOnly: true } }));

app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  req.session.views = (req.session.views || 0) + 1;
  res.json({ views: req.session.views, theme: req.signedCookies.theme || 'light' });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
