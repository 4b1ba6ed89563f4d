// NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them): the customer statements of a
// food wholesaler that bills cafés and restaurants across the euro area. The statement page (/statements/:account)
// lists the month's 1,500 delivery lines with unit price, net, VAT and gross, each formatted in the customer's
// locale by the app's money() helper with Dinero.js 1.9.1's toFormat. toFormat looks like a cheap string function,
// but each call passes its options to Number.prototype.toLocaleString, so V8 builds a new Intl.NumberFormat (locale
// and currency data resolved through ICU) for every amount: 6,000 formatters per page, each used once. Accounts and
// delivery lines are made at start-up.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Param, NotFoundException } = require('@nestjs/common');
const Dinero = require('dinero.js');

class AccountsRepository {
  constructor() {
    const locales = ['de-DE', 'fr-FR', 'it-IT', 'nl-NL', 'es-ES'];
    const products = ['Espresso beans 1 kg', 'Oat drink 1 l', 'Croissant dough 5 kg', 'Mozzarella 2.5 kg', 'Olive oil 5 l', 'Paper cups 1000'];
    this.accounts = new Map(Array.from({ length: 40 }, (_, a) => [`C-${3100 + a}`, {
      id: `C-${3100 + a}`, name: `Café ${a}`, locale: locales[a % locales.length], currency: 'EUR',
      lines: Array.from({ length: 1500 }, (_, i) => ({ date: `2025-05-${String(1 + (i % 31)).padStart(2, '0')}`, product: products[(i + a) % products.length],
        qty: 1 + ((i * 7) % 24), unitCents: 199 + ((i * 379 + a) % 8800), vatRate: i % 5 ? 7 : 19 })),
    }]));
  }
  find(id) { return this.accounts.get(id); }
}
Injectable()(AccountsRepository);

class StatementService {
  statement(account) {
    const money = (cents) => Dinero({ amount: cents, currency: account.currency }).setLocale(account.locale).toFormat('$0,0.00');
    let net = 0, vat = 0;
    const lines = account.lines.map((l) => {
      const lineNet = l.unitCents * l.qty, lineVat = Math.round((lineNet * l.vatRate) / 100);
      net += lineNet; vat += lineVat;
      return { date: l.date, product: l.product, qty: l.qty, unit: money(l.unitCents), net: money(lineNet), vat: money(lineVat), gross: money(lineNet + lineVat) };
    });
    return { lines, totals: { net: money(net), vat: money(vat), gross: money(net + vat) } };
  }
}
Injectable()(StatementService);

class StatementsController {
  constructor(repo, service) { this.repo = repo; this.service = service; }
  health() { return { ok: true }; }
  show(id) {
    const account = this.repo.find(id);
    if (!account) throw new NotFoundException('unknown account');
    const { lines, totals } = this.service.statement(account);
    return { account: account.id, name: account.name, month: '2025-05', count: lines.length, totals, lines };
  }
}
Inject(AccountsRepository)(StatementsController, undefined, 0);
Inject(StatementService)(StatementsController, undefined, 1);
Controller()(StatementsController);
Get('health')(StatementsController.prototype, 'health', Object.getOwnPropertyDescriptor(StatementsController.prototype, 'health'));
Param('account')(StatementsController.prototype, 'show', 0);
Get('statements/:account')(StatementsController.prototype, 'show', Object.getOwnPropertyDescriptor(StatementsController.prototype, 'show'));

class AppModule {}
Module({ controllers: [StatementsController], providers: [AccountsRepository, StatementService] })(AppModule);

NestFactory.create(AppModule, { logger: false }).then((app) => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
