// Control, NestJS 10 (Express adapter; decorators applied by hand as TypeScript emits them) with the middleware a
// team adds in main.ts: helmet, compression, cookie-parser and CORS, and a request-id interceptor. /x is the
// billing page's API: a customer's 30 most recent invoices (of 60 kept in memory by an InvoiceService) with their
// totals, about a millisecond of work. The loop stays responsive.
'use strict';
require('reflect-metadata');
const crypto = require('node:crypto');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query, Req } = require('@nestjs/common');
const { map } = require('rxjs');
const helmet = require('helmet');
const compression = require('compression');
const cookieParser = require('cookie-parser');

class InvoiceService {
  constructor() {
    this.invoices = Array.from({ length: 60 }, (_, i) => ({
      number: `INV-2025-${String(4100 + i)}`, issued: new Date(Date.UTC(2025, 10, 30 - (i % 30))).toISOString().slice(0, 10), status: ['paid', 'open', 'overdue'][i % 3],
      lines: Array.from({ length: 1 + (i % 5) }, (_, j) => ({ item: `Seat licence tier ${1 + (j % 3)}`, qty: 1 + ((i + j) % 10), unit: 19 + ((i * j) % 7) * 5 })),
    }));
  }

  recent(customer, limit) {
    return this.invoices.slice(0, limit).map((inv) => ({ ...inv, customer, total: inv.lines.reduce((s, l) => s + l.qty * l.unit, 0) }));
  }
}
Injectable()(InvoiceService);

class RequestIdInterceptor {
  intercept(context, next) {
    const res = context.switchToHttp().getResponse();
    res.setHeader('x-request-id', crypto.randomUUID());
    return next.handle().pipe(map((body) => body));
  }
}
Injectable()(RequestIdInterceptor);

class BillingController {
  constructor(invoices) { this.invoices = invoices; }
  health() { return 'ok'; }
  list(q, req) { return { customer: req.cookies.customer || 'CUS-20931', invoices: this.invoices.recent(req.cookies.customer || 'CUS-20931', Number(q.limit) || 30) }; }
}
Inject(InvoiceService)(BillingController, undefined, 0);
Controller()(BillingController);
Get('health')(BillingController.prototype, 'health', Object.getOwnPropertyDescriptor(BillingController.prototype, 'health'));
Query()(BillingController.prototype, 'list', 0);
Req()(BillingController.prototype, 'list', 1);
Get('x')(BillingController.prototype, 'list', Object.getOwnPropertyDescriptor(BillingController.prototype, 'list'));

class AppModule {}
Module({ controllers: [BillingController], providers: [InvoiceService] })(AppModule);

NestFactory.create(AppModule, { logger: false }).then((app) => {
  app.use(helmet());
  app.use(compression());
  app.use(cookieParser());
  app.enableCors({ origin: 'https://billing.example.com', credentials: true });
  app.useGlobalInterceptors(new RequestIdInterceptor());
  return app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
});
