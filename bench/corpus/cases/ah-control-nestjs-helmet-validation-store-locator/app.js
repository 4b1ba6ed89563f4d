// Control: NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them) with a usual production
// setup: helmet, compression, CORS, a global ValidationPipe (class-validator + class-transformer, transform and
// whitelist) on a query DTO, and a global interceptor that adds a response-time header and wraps the body. /x is a
// store locator: the 10 nearest of 800 stores (kept in memory) to a point, by haversine distance: light work.
'use strict';
require('reflect-metadata');
const helmet = require('helmet');
const compression = require('compression');
const { map } = require('rxjs');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query, ValidationPipe } = require('@nestjs/common');
const { IsNumber, IsOptional, Min, Max, IsInt } = require('class-validator');
const { Type } = require('class-transformer');

class NearbyQuery {}
for (const [prop, min, max] of [['lat', -90, 90], ['lng', -180, 180]]) {
  IsOptional()(NearbyQuery.prototype, prop); Type(() => Number)(NearbyQuery.prototype, prop);
  IsNumber()(NearbyQuery.prototype, prop); Min(min)(NearbyQuery.prototype, prop); Max(max)(NearbyQuery.prototype, prop);
}
IsOptional()(NearbyQuery.prototype, 'limit'); Type(() => Number)(NearbyQuery.prototype, 'limit');
IsInt()(NearbyQuery.prototype, 'limit'); Min(1)(NearbyQuery.prototype, 'limit'); Max(50)(NearbyQuery.prototype, 'limit');

const cities = [[52.52, 13.405], [48.137, 11.575], [50.11, 8.682], [53.551, 9.993], [51.227, 6.773], [48.775, 9.182]];
class StoreDirectory {
  constructor() {
    this.stores = Array.from({ length: 800 }, (_, i) => {
      const [lat, lng] = cities[i % cities.length];
      return { id: `st_${i}`, name: `Store ${i}`, lat: lat + ((i * 37) % 100 - 50) / 300, lng: lng + ((i * 53) % 100 - 50) / 200, open: i % 9 !== 0 };
    });
  }
  nearest(lat, lng, limit) {
    const rad = Math.PI / 180, best = [];
    for (const s of this.stores) {
      const dLat = (s.lat - lat) * rad, dLng = (s.lng - lng) * rad;
      const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat * rad) * Math.cos(s.lat * rad) * Math.sin(dLng / 2) ** 2;
      const km = 12742 * Math.asin(Math.sqrt(a));
      if (best.length < limit || km < best[best.length - 1].km) {
        best.push({ store: s, km });
        best.sort((x, y) => x.km - y.km);
        if (best.length > limit) best.pop();
      }
    }
    return best.map(({ store, km }) => ({ id: store.id, name: store.name, open: store.open, km: Math.round(km * 10) / 10 }));
  }
}
Injectable()(StoreDirectory);

class LocatorController {
  constructor(directory) { this.directory = directory; }
  health() { return { ok: true }; }
  nearby(query) { return this.directory.nearest(query.lat ?? 52.5, query.lng ?? 13.4, query.limit ?? 10); }
}
Inject(StoreDirectory)(LocatorController, undefined, 0);
Controller()(LocatorController);
Get('health')(LocatorController.prototype, 'health', Object.getOwnPropertyDescriptor(LocatorController.prototype, 'health'));
Reflect.defineMetadata('design:paramtypes', [NearbyQuery], LocatorController.prototype, 'nearby');
Query()(LocatorController.prototype, 'nearby', 0);
Get('x')(LocatorController.prototype, 'nearby', Object.getOwnPropertyDescriptor(LocatorController.prototype, 'nearby'));

class EnvelopeInterceptor {
  intercept(context, next) {
    const started = Date.now();
    const res = context.switchToHttp().getResponse();
    return next.handle().pipe(map((data) => { res.setHeader('x-response-time', `${Date.now() - started}ms`); return { data, servedAt: new Date().toISOString() }; }));
  }
}

class AppModule {}
Module({ controllers: [LocatorController], providers: [StoreDirectory] })(AppModule);

async function main() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  app.use(helmet());
  app.use(compression());
  app.enableCors({ origin: 'https://www.example.com' });
  app.useGlobalPipes(new ValidationPipe({ transform: true, whitelist: true }));
  app.useGlobalInterceptors(new EnvelopeInterceptor());
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
