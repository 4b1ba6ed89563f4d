// Control, NestJS 10 on its Fastify adapter (decorators applied by hand as TypeScript emits them), with
// @fastify/helmet, @fastify/cookie, a global ThrottlerGuard, a ValidationPipe (class-validator and class-transformer)
// on the query and a timing interceptor: the customer statements of a food wholesaler, done the way the slow version
// should be. The statement page (/statements/:account) returns one page of 50 delivery lines, and amounts are
// formatted with an Intl.NumberFormat built once per locale and currency and kept in a map. A few hundred
// microseconds of work; the loop stays responsive. Accounts and lines are made at start-up.
'use strict';
require('reflect-metadata');
const { NestFactory, APP_GUARD, APP_INTERCEPTOR } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Param, Query, NotFoundException, ValidationPipe } = require('@nestjs/common');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const { ThrottlerModule, ThrottlerGuard } = require('@nestjs/throttler');
const { IsInt, IsOptional, Min, Max, IsIn } = require('class-validator');
const { Type } = require('class-transformer');
const { tap } = require('rxjs');

class StatementQuery {}
IsOptional()(StatementQuery.prototype, 'page'); Type(() => Number)(StatementQuery.prototype, 'page'); IsInt()(StatementQuery.prototype, 'page'); Min(1)(StatementQuery.prototype, 'page');
IsOptional()(StatementQuery.prototype, 'size'); Type(() => Number)(StatementQuery.prototype, 'size'); IsInt()(StatementQuery.prototype, 'size'); Max(100)(StatementQuery.prototype, 'size');
IsOptional()(StatementQuery.prototype, 'month'); IsIn(['2025-04', '2025-05'])(StatementQuery.prototype, 'month');

const formatters = new Map();
function money(cents, locale, currency) {
  const key = `${locale}|${currency}`;
  let nf = formatters.get(key);
  if (!nf) formatters.set(key, (nf = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 })));
  return nf.format(cents / 100);
}

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

class TimingInterceptor {
  intercept(context, next) {
    const started = process.hrtime.bigint();
    const reply = context.switchToHttp().getResponse();
    return next.handle().pipe(tap(() => reply.header('server-timing', `app;dur=${Number(process.hrtime.bigint() - started) / 1e6}`)));
  }
}
Injectable()(TimingInterceptor);

class StatementsController {
  constructor(repo) { this.repo = repo; }
  health() { return { ok: true }; }
  show(id, query) {
    const account = this.repo.find(id);
    if (!account) throw new NotFoundException('unknown account');
    const page = query.page || 1, size = query.size || 50;
    const lines = account.lines.slice((page - 1) * size, page * size).map((l) => {
      const net = l.unitCents * l.qty, vat = Math.round((net * l.vatRate) / 100);
      return { date: l.date, product: l.product, qty: l.qty, unit: money(l.unitCents, account.locale, account.currency), net: money(net, account.locale, account.currency), vat: money(vat, account.locale, account.currency), gross: money(net + vat, account.locale, account.currency) };
    });
    return { account: account.id, name: account.name, month: query.month || '2025-05', page, pages: Math.ceil(account.lines.length / size), lines };
  }
}
Inject(AccountsRepository)(StatementsController, undefined, 0);
Controller()(StatementsController);
Get('health')(StatementsController.prototype, 'health', Object.getOwnPropertyDescriptor(StatementsController.prototype, 'health'));
Reflect.defineMetadata('design:paramtypes', [String, StatementQuery], StatementsController.prototype, 'show');
Param('account')(StatementsController.prototype, 'show', 0);
Query()(StatementsController.prototype, 'show', 1);
Get('statements/:account')(StatementsController.prototype, 'show', Object.getOwnPropertyDescriptor(StatementsController.prototype, 'show'));

class AppModule {}
Module({
  imports: [ThrottlerModule.forRoot([{ ttl: 60_000, limit: 100_000 }])],
  controllers: [StatementsController],
  providers: [AccountsRepository, { provide: APP_GUARD, useClass: ThrottlerGuard }, { provide: APP_INTERCEPTOR, useClass: TimingInterceptor }],
})(AppModule);

async function main() {
  const app = await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false });
  await app.register(require('@fastify/helmet'));
  await app.register(require('@fastify/cookie'), { secret: 'statements-cookie-secret' });
  app.useGlobalPipes(new ValidationPipe({ transform: true, whitelist: true }));
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
