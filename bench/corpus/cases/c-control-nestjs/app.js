// Control: a NestJS 11 app on its Express adapter, written in plain JavaScript (the decorators applied
// by hand, as TypeScript would emit them): one module, one controller, one injected service.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Query, Inject } = require('@nestjs/common');

class CatalogService {
  constructor() { this.items = Array.from({ length: 300 }, (_, i) => ({ id: i, title: `Book ${i}`, author: `Author ${i % 40}` })); }
  page(n) { const p = Number(n) % 15 || 0; return { page: p, items: this.items.slice(p * 20, p * 20 + 20) }; }
}
Injectable()(CatalogService);

class CatalogController {
  constructor(catalog) { this.catalog = catalog; }
  health() { return 'ok'; }
  list(page) { return this.catalog.page(page); }
}
Inject(CatalogService)(CatalogController, undefined, 0);
Controller()(CatalogController);
Get('health')(CatalogController.prototype, 'health', Object.getOwnPropertyDescriptor(CatalogController.prototype, 'health'));
Query('page')(CatalogController.prototype, 'list', 0);
Get('x')(CatalogController.prototype, 'list', Object.getOwnPropertyDescriptor(CatalogController.prototype, 'list'));

class AppModule {}
Module({ controllers: [CatalogController], providers: [CatalogService] })(AppModule);

async function main() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
