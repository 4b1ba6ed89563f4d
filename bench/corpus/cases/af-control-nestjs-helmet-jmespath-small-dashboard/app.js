// Control: NestJS 11 on its Express adapter (plain JavaScript, the decorators applied by hand as
// TypeScript would emit them) with helmet. /x answers a dashboard widget's JMESPath query over the
// tenant's current summary (250 open orders, kept in memory by an injected service): jmespath.search
// over a small document, well under a millisecond.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Query, Inject } = require('@nestjs/common');
const helmet = require('helmet');
const jmespath = require('jmespath');

class SummaryService {
  constructor() {
    const states = ['open', 'picking', 'packed', 'shipped'];
    this.summary = { tenant: 't_81', orders: Array.from({ length: 250 }, (_, i) => ({ id: `ord_${5000 + i}`, state: states[i % 4], total: (i * 37) % 900, customer: { name: `Customer ${i % 60}`, tier: i % 3 } })) };
    this.widgets = { 'open-big': "orders[?state=='open' && total > `400`].{id: id, total: total, customer: customer.name}", 'by-state': 'orders[].state' };
  }
  widget(name) { return jmespath.search(this.summary, this.widgets[name] || this.widgets['open-big']); }
}
Injectable()(SummaryService);

class DashboardController {
  constructor(summary) { this.summary = summary; }
  health() { return { ok: true }; }
  widget(name) { const rows = this.summary.widget(name); return { widget: name || 'open-big', count: rows.length, rows: rows.slice(0, 20) }; }
}
Inject(SummaryService)(DashboardController, undefined, 0);
Controller()(DashboardController);
Get('health')(DashboardController.prototype, 'health', Object.getOwnPropertyDescriptor(DashboardController.prototype, 'health'));
Query('widget')(DashboardController.prototype, 'widget', 0);
Get('x')(DashboardController.prototype, 'widget', Object.getOwnPropertyDescriptor(DashboardController.prototype, 'widget'));

class AppModule {}
Module({ controllers: [DashboardController], providers: [SummaryService] })(AppModule);

async function main() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  app.use(helmet());
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
