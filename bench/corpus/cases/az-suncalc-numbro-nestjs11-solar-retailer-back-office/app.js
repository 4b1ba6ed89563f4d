// NestJS 11 on Express (decorators applied by hand, as TypeScript emits them): the back office of a solar-energy
// retailer. Two calls are slow. /portfolio/daylight-calendar gives the field-service planners the sunrise and sunset
// of every one of the 300 installations for every day of the coming year, computed with suncalc on each request;
// /accounts/:id/statement renders a commercial customer's annual statement, 9,000 metered half-hour blocks of the
// peak days, each quantity and amount formatted with numbro (thousands separators, two decimals, negative credits in
// parentheses). Installations and meter data are made at start-up.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Param } = require('@nestjs/common');
const SunCalc = require('suncalc');
const numbro = require('numbro');

class DaylightService {
  constructor() {
    this.sites = Array.from({ length: 300 }, (_, i) => ({ id: `PV-${5000 + i}`, lat: 51.4 + (i % 20) * 0.22, lng: -10.2 + (i % 30) * 0.16 }));
  }

  calendar(year) {
    const first = Date.UTC(year, 0, 1, 12);
    return this.sites.map((site) => {
      let shortest = Infinity, longest = 0;
      for (let d = 0; d < 365; d++) {
        const times = SunCalc.getTimes(new Date(first + d * 864e5), site.lat, site.lng);
        const hours = (times.sunset - times.sunrise) / 36e5;
        if (hours < shortest) shortest = hours;
        if (hours > longest) longest = hours;
      }
      return { site: site.id, shortestDay: +shortest.toFixed(2), longestDay: +longest.toFixed(2) };
    });
  }
}
Injectable()(DaylightService);

class StatementService {
  constructor() {
    this.accounts = new Map([['ACC-88120', Array.from({ length: 9000 }, (_, i) => ({
      block: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')} ${String((i % 48) >> 1).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      kwh: ((i * 7919) % 90000) / 100, rate: 0.21 + (i % 7) / 100, exported: i % 9 === 0 ? ((i * 31) % 4000) / 100 : 0,
    }))]]);
  }

  statement(id) {
    const rows = this.accounts.get(id);
    if (!rows) return null;
    const fmt = { thousandSeparated: true, mantissa: 2, negative: 'parenthesis' };
    const lines = rows.map((r) => ({ block: r.block, kwh: numbro(r.kwh).format(fmt), amount: numbro(r.kwh * r.rate - r.exported * 0.18).format(fmt), credit: numbro(-r.exported * 0.18).format(fmt) }));
    return { account: id, year: 2024, lines: lines.length, page: lines.slice(0, 200) };
  }
}
Injectable()(StatementService);

class BackOfficeController {
  constructor(daylight, statements) { this.daylight = daylight; this.statements = statements; }
  health() { return 'ok'; }
  calendar() { return this.daylight.calendar(2025); }
  statement(id) { return this.statements.statement(id) ?? { error: 'no such account' }; }
}
Inject(DaylightService)(BackOfficeController, undefined, 0);
Inject(StatementService)(BackOfficeController, undefined, 1);
Controller()(BackOfficeController);
Get('health')(BackOfficeController.prototype, 'health', Object.getOwnPropertyDescriptor(BackOfficeController.prototype, 'health'));
Get('portfolio/daylight-calendar')(BackOfficeController.prototype, 'calendar', Object.getOwnPropertyDescriptor(BackOfficeController.prototype, 'calendar'));
Param('id')(BackOfficeController.prototype, 'statement', 0);
Get('accounts/:id/statement')(BackOfficeController.prototype, 'statement', Object.getOwnPropertyDescriptor(BackOfficeController.prototype, 'statement'));

class AppModule {}
Module({ controllers: [BackOfficeController], providers: [DaylightService, StatementService] })(AppModule);

NestFactory.create(AppModule, { logger: false })
  .then((app) => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
