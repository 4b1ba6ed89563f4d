// Control: the customer portal's API as the team runs it, on Express 5 with the middleware stack it grew over
// the years: a request id (cls-rtracer), access and error logs to a file (winston with express-winston), a request
// timeout (connect-timeout), the client's IP (request-ip) and browser (express-useragent), security headers
// (lusca), translations negotiated from Accept-Language (i18next with i18next-http-middleware), optional
// bearer-token auth (passport with passport-http-bearer and passport-anonymous), JSON bodies and http-errors
// for the 404s. /x is the dashboard: the user's last 20 notifications from memory, translated. Nothing in it
// blocks: a few milliseconds of middleware per request at most, and only the log file's small writes on the pool.
'use strict';
const path = require('node:path');
const express = require('express');
const rTracer = require('cls-rtracer');
const winston = require('winston');
const expressWinston = require('express-winston');
const timeout = require('connect-timeout');
const requestIp = require('request-ip');
const useragent = require('express-useragent');
const lusca = require('lusca');
const i18next = require('i18next');
const i18nextMiddleware = require('i18next-http-middleware');
const passport = require('passport');
const { Strategy: BearerStrategy } = require('passport-http-bearer');
const { Strategy: AnonymousStrategy } = require('passport-anonymous');
const createError = require('http-errors');

const tokens = new Map([['t-2b7f9c', { id: 'u-31', name: 'Alex', plan: 'pro' }]]);
passport.use(new BearerStrategy((token, done) => done(null, tokens.get(token) ?? false)));
passport.use(new AnonymousStrategy());

i18next.use(i18nextMiddleware.LanguageDetector).init({
  fallbackLng: 'en', preload: ['en', 'de'], initImmediate: false,
  resources: {
    en: { translation: { greeting: 'Welcome back, {{name}}', notification: { invoice: 'Invoice {{no}} is ready', ticket: 'Ticket {{no}} was answered', login: 'New sign-in from {{browser}}' } } },
    de: { translation: { greeting: 'Willkommen zurück, {{name}}', notification: { invoice: 'Rechnung {{no}} ist bereit', ticket: 'Ticket {{no}} wurde beantwortet', login: 'Neue Anmeldung mit {{browser}}' } } },
  },
});

const logger = winston.createLogger({
  level: 'info',
  format: winston.format.combine(winston.format.timestamp(), winston.format((info) => ({ ...info, requestId: rTracer.id() }))(), winston.format.json()),
  transports: [new winston.transports.File({ filename: path.join(__dirname, 'logs', 'access.log'), maxsize: 5 * 1024 * 1024, maxFiles: 2 })],
});
const kinds = ['invoice', 'ticket', 'login'];
const notifications = Array.from({ length: 200 }, (_, i) => ({ id: `n-${i}`, kind: kinds[i % 3], no: 4000 + i, at: `2024-11-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00Z` }));

const app = express();
app.use(rTracer.expressMiddleware());
app.use(expressWinston.logger({ winstonInstance: logger, meta: false, msg: '{{req.method}} {{req.url}} {{res.statusCode}} {{res.responseTime}}ms' }));
app.use(timeout('5s'));
app.use(requestIp.mw());
app.use(useragent.express());
app.use(lusca({ xframe: 'SAMEORIGIN', hsts: { maxAge: 31536000 }, xssProtection: true, nosniff: true, referrerPolicy: 'same-origin' }));
app.use(i18nextMiddleware.handle(i18next));
app.use(passport.initialize());
app.use(express.json({ limit: '100kb' }));

app.get('/health', (req, res) => res.send('ok'));
app.get('/x', passport.authenticate(['bearer', 'anonymous'], { session: false }), (req, res) => {
  const user = req.user || { id: 'anonymous', name: 'guest', plan: 'free' };
  const browser = `${req.useragent.browser} ${req.useragent.version}`;
  res.json({
    requestId: rTracer.id(), ip: req.clientIp, language: req.language, greeting: req.t('greeting', { name: user.name }),
    notifications: notifications.slice(0, 20).map((n) => ({ id: n.id, at: n.at, text: req.t(`notification.${n.kind}`, { no: n.no, browser }) })),
  });
});
app.use((req, res, next) => next(createError(404)));
app.use(expressWinston.errorLogger({ winstonInstance: logger }));
app.use((err, req, res, next) => res.status(err.status || 500).json({ error: err.message }));
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
