// NestJS 11 (Express adapter, plain JavaScript with the decorators applied by hand as TypeScript emits them):
// the back office's order list. The controller returns the service's Order entities and Nest's
// ClassSerializerInterceptor, put on the controller so that the entities' @Exclude'd fields (internal
// notes, payment tokens, cost prices) never leave the API, turns them into plain objects with
// class-transformer's instanceToPlain before Nest's Express adapter sends the JSON. /x lists the open
// orders: 1,400 orders with their customer, address and lines. The orders are made at start-up.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, UseInterceptors, ClassSerializerInterceptor } = require('@nestjs/common');
const { Exclude, Expose, Type } = require('class-transformer');

class Address { constructor(a) { Object.assign(this, a); } }
class Customer { constructor(c) { Object.assign(this, c); this.address = new Address(c.address); } }
Exclude()(Customer.prototype, 'internalNotes');
Exclude()(Customer.prototype, 'riskScore');
Type(() => Address)(Customer.prototype, 'address');
class OrderLine { constructor(l) { Object.assign(this, l); } }
Exclude()(OrderLine.prototype, 'costPrice');
class Order {
  constructor(o) { Object.assign(this, o); this.customer = new Customer(o.customer); this.lines = o.lines.map((l) => new OrderLine(l)); }
  get total() { return this.lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0); }
}
Exclude()(Order.prototype, 'paymentToken');
Exclude()(Order.prototype, 'fraudChecks');
Type(() => Customer)(Order.prototype, 'customer');
Type(() => OrderLine)(Order.prototype, 'lines');
Expose()(Order.prototype, 'total', Object.getOwnPropertyDescriptor(Order.prototype, 'total'));

class OrdersService {
  constructor() {
    this.orders = Array.from({ length: 1400 }, (_, i) => new Order({
      id: `ORD-${500000 + i}`, status: ['open', 'picking', 'packed'][i % 3], createdAt: `2024-11-${String(1 + (i % 28)).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:00Z`,
      currency: 'EUR', channel: i % 4 ? 'web' : 'marketplace', paymentToken: `tok_${i.toString(36)}`, fraudChecks: { score: i % 100, rules: ['velocity', 'geo'] },
      customer: { id: `C-${10000 + (i % 700)}`, name: `Customer ${i % 700}`, email: `c${i % 700}@mail.example`, internalNotes: 'prefers phone', riskScore: i % 10,
        address: { street: `Hauptstraße ${1 + (i % 120)}`, zip: String(10115 + (i % 500)), city: 'Berlin', country: 'DE' } },
      lines: Array.from({ length: 1 + (i % 5) }, (_, k) => ({ sku: `SKU-${(i * 7 + k) % 9000}`, name: `Article ${(i * 7 + k) % 9000}`, quantity: 1 + (k % 3), unitPrice: 4.99 + k * 3, costPrice: 2.1 + k })),
    }));
  }
  open() { return this.orders; }
}
Injectable()(OrdersService);

class OrdersController {
  constructor(orders) { this.orders = orders; }
  health() { return 'ok'; }
  list() { return this.orders.open(); }
}
Inject(OrdersService)(OrdersController, undefined, 0);
Controller()(OrdersController);
UseInterceptors(ClassSerializerInterceptor)(OrdersController);
Get('health')(OrdersController.prototype, 'health', Object.getOwnPropertyDescriptor(OrdersController.prototype, 'health'));
Get('x')(OrdersController.prototype, 'list', Object.getOwnPropertyDescriptor(OrdersController.prototype, 'list'));

class AppModule {}
Module({ controllers: [OrdersController], providers: [OrdersService] })(AppModule);

async function main() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
