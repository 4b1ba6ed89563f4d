// Express 4: the online bank's statement page, rendered by swig-templates registered as Express's view
// engine (app.engine('html', swig.renderFile)). The team turned both caches off, Express's view cache and
// swig's own template cache, as swig's docs show for development, so that the designers' template changes
// show without a restart, and the lines stayed. Each res.render has swig read, lex, parse and compile the
// statement template, its layout, partials and macros to a function again, and the transaction row partial
// is included inside the loop, so swig compiles it (and the macros it imports) once per transaction: 56
// times per page. The account and its transactions are made at start-up.
'use strict';
const path = require('node:path');
const express = require('express');
const swig = require('swig-templates');

const app = express();
app.set('views', path.join(__dirname, 'views'));
app.engine('html', swig.renderFile);
app.set('view engine', 'html');
app.set('view cache', false);
swig.setDefaults({ cache: false });
swig.setFilter('money', (n) => Math.abs(n).toFixed(2));

const kinds = ['card', 'transfer', 'fee', 'standing order'];
let balance = 2450.17;
const transactions = Array.from({ length: 56 }, (_, i) => {
  const amount = Math.round(((i * 7919) % 20000 - 12000)) / 100;
  balance += amount;
  return { id: `tx-${9000 + i}`, date: new Date(`2024-10-${String(1 + (i % 30)).padStart(2, '0')}T12:00:00Z`), kind: kinds[i % 4], counterparty: `Merchant ${i}`, reference: i % 3 ? `REF-${i * 13}` : '', amount, balance: Math.round(balance * 100) / 100, pending: i > 53 };
});
const locals = {
  title: 'Statement', bodyClass: 'page-statement', year: 2024, user: { name: 'Alex Müller' },
  nav: [{ href: '/', title: 'Overview' }, { href: '/x', title: 'Statements', active: true }, { href: '/cards', title: 'Cards' }],
  account: { iban: 'DE89 3704 0044 0532 0130 00', currency: 'EUR' }, period: { from: '2024-10-01', to: '2024-10-31' },
  summary: { opening: 2450.17, closing: Math.round(balance * 100) / 100, in: 3120.5, out: -1710.2 },
  accounts: [{ id: 'a1', name: 'everyday account', kind: 'current', iban: 'DE89 3704 0044 0532 0130 00', balance: 2450.17, currency: 'EUR', overdraft: 1500 }, { id: 'a2', name: 'rainy day savings', kind: 'savings', iban: 'DE12 3704 0044 0532 0130 77', balance: 12030, currency: 'EUR' }, { id: 'a3', name: 'household', kind: 'joint', iban: 'DE44 3704 0044 0532 0130 91', balance: -120.5, currency: 'EUR' }],
  categories: ['groceries', 'rent', 'transport', 'eating out', 'utilities', 'leisure', 'health', 'other'].map((name, i) => ({ name, share: 40 - i * 4, total: 900 - i * 97.3, change: (i % 3) - 1 })),
  standingOrders: Array.from({ length: 8 }, (_, i) => ({ id: `so-${i}`, payee: `Payee ${i}`, reference: i % 2 ? `Contract ${i}` : '', every: 1 + (i % 3), next: new Date(Date.UTC(2024, 10, 1 + i)), amount: 25 + i * 40, paused: i === 5 })),
  offers: [{ kind: 'savings', eligible: true, title: 'Fixed-term deposit', text: '<b>Lock in</b> a rate for 12 months on deposits from 5,000 EUR.', rate: 3.1, href: '/offers/ftd', cta: 'Open one' }, { kind: 'card', eligible: true, title: 'Metal card', text: 'Travel insurance and no FX fees.', href: '/offers/metal' }, { kind: 'loan', eligible: false, title: 'Personal loan', text: 'Up to 50,000 EUR.', rate: 5.9, href: '/offers/loan' }],
  help: ['How do I dispute a card payment?', 'When are standing orders executed?', 'How do I order a statement by post?', 'What is my BIC?'].map((question, i) => ({ question, slug: `q-${i}`, new: i === 0 })),
  legal: Array.from({ length: 6 }, (_, i) => ({ text: `Paragraph ${i} of the statement's legal notes about fees, interest and complaints.`, link: i % 2 ? { href: `/legal/${i}`, label: 'Details' } : null })),
  bankDetails: { bank: 'Northwind Bank AG', bic: 'NWBKDEFFXXX', register: 'HRB 123456', vat: 'DE123456789' },
  depositGuarantee: { covered: true, limit: 100000, scheme: 'the statutory deposit guarantee scheme' },
  notices: [{ level: 'info', text: 'Your new card is on its way.' }], transactions, pages: [1, 2, 3], page: 1,
};

app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  res.render('statement', locals);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
