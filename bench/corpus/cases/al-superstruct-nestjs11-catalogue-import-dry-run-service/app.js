// NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them): a marketplace's catalogue
// import. A seller's feed is staged (8,000 rows here, made at start-up); the import page shows a dry run of it on
// every load. The controller asks the app's ImportService, whose validateBatch() method checks each staged row
// against the ProductRow struct with superstruct's validate (coercion on), on the loop, row after row.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query } = require('@nestjs/common');
const s = require('superstruct');

const Money = s.coerce(s.min(s.number(), 0), s.string(), (v) => Number.parseFloat(v));
const ProductRow = s.object({
  sku: s.pattern(s.string(), /^[A-Z]{3}-\d{5}(-[A-Z0-9]{2})?$/),
  title: s.size(s.string(), 3, 150),
  price: Money,
  compareAt: s.optional(Money),
  stock: s.coerce(s.integer(), s.string(), (v) => Number.parseInt(v, 10)),
  category: s.enums(['kitchen', 'garden', 'tools', 'lighting', 'bath']),
  tags: s.size(s.array(s.size(s.string(), 1, 30)), 0, 12),
  dimensions: s.object({ w: s.min(s.number(), 0), h: s.min(s.number(), 0), d: s.min(s.number(), 0), unit: s.enums(['cm', 'in']) }),
  variants: s.array(s.object({ option: s.string(), value: s.string(), ean: s.optional(s.pattern(s.string(), /^\d{13}$/)) })),
});

class StagingRepository {
  constructor() {
    this.rows = Array.from({ length: 8000 }, (_, i) => ({
      sku: `${['KIT', 'GAR', 'TLS'][i % 3]}-${String(i).padStart(5, '0')}${i % 4 === 0 ? '-XL' : ''}`,
      title: `Product ${i} ${'premium '.repeat(i % 3)}edition`, price: String(4.99 + (i % 300)), compareAt: i % 5 ? undefined : 9.99 + (i % 300),
      stock: String(i % 97), category: ['kitchen', 'garden', 'tools', 'lighting', 'bath', 'toys'][i % 6],
      tags: ['new', 'sale', 'eco', 'bestseller'].slice(0, i % 5), dimensions: { w: 10 + (i % 40), h: 5 + (i % 20), d: 2 + (i % 9), unit: i % 2 ? 'cm' : 'in' },
      variants: [{ option: 'colour', value: 'sand', ean: String(4006381333931 + i) }, { option: 'colour', value: 'slate' }],
    }));
  }
  staged() { return this.rows; }
}
Injectable()(StagingRepository);

class ImportService {
  constructor(repo) { this.repo = repo; }
  validateBatch(rows) {
    const errors = [];
    let ok = 0;
    for (let i = 0; i < rows.length; i++) {
      const [error] = s.validate(rows[i], ProductRow, { coerce: true });
      if (error) errors.push({ row: i + 1, path: error.path.join('.'), message: error.message });
      else ok++;
    }
    return { ok, rejected: errors.length, errors: errors.slice(0, 50) };
  }
}
Inject(StagingRepository)(ImportService, undefined, 0);
Injectable()(ImportService);

class ImportController {
  constructor(service, repo) { this.service = service; this.repo = repo; }
  health() { return { ok: true }; }
  dryRun(q) { return { seller: q.seller || 'S-1042', ...this.service.validateBatch(this.repo.staged()) }; }
}
Inject(ImportService)(ImportController, undefined, 0);
Inject(StagingRepository)(ImportController, undefined, 1);
Controller()(ImportController);
Get('health')(ImportController.prototype, 'health', Object.getOwnPropertyDescriptor(ImportController.prototype, 'health'));
Query()(ImportController.prototype, 'dryRun', 0);
Get('x')(ImportController.prototype, 'dryRun', Object.getOwnPropertyDescriptor(ImportController.prototype, 'dryRun'));

class AppModule {}
Module({ controllers: [ImportController], providers: [StagingRepository, ImportService] })(AppModule);

NestFactory.create(AppModule, { logger: false }).then((app) => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
