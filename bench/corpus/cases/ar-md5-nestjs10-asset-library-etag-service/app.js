// NestJS 10 on Express (decorators applied by hand, as TypeScript emits them): the asset API of a brand's digital
// asset library. The metadata call (/x) answers with the original's Content-MD5 and an S3-style ETag, so the sync
// client can skip unchanged files; AssetService.checksums() computes them on every call with the md5 package, the
// pure-JavaScript MD5 the upload widget shares with the browser. The originals (about 1.6 MB each, made at start-up
// here) never change once uploaded.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query } = require('@nestjs/common');
const md5 = require('md5');

class AssetService {
  constructor() {
    const original = (seed, size) => { const b = Buffer.alloc(size); for (let i = 0; i < size; i += 4) b.writeUInt32LE((Math.imul(i + 1, 2654435761) ^ seed) >>> 0, i); return b; };
    this.assets = new Map([['AS-30917', { id: 'AS-30917', name: 'spring-campaign-hero.tif', type: 'image/tiff', uploadedBy: 'k.weber', bytes: original(17, 1600000) }]]);
  }

  checksums(asset) {
    const hex = md5(asset.bytes);
    return { contentMd5: Buffer.from(hex, 'hex').toString('base64'), etag: `"${hex}"` };
  }

  describe(id) {
    const asset = this.assets.get(id);
    const { contentMd5, etag } = this.checksums(asset);
    return { id: asset.id, name: asset.name, type: asset.type, size: asset.bytes.length, uploadedBy: asset.uploadedBy, contentMd5, etag };
  }
}
Injectable()(AssetService);

class AssetController {
  constructor(assets) { this.assets = assets; }
  health() { return 'ok'; }
  describe(q) { return this.assets.describe(q.id || 'AS-30917'); }
}
Inject(AssetService)(AssetController, undefined, 0);
Controller()(AssetController);
Get('health')(AssetController.prototype, 'health', Object.getOwnPropertyDescriptor(AssetController.prototype, 'health'));
Query()(AssetController.prototype, 'describe', 0);
Get('x')(AssetController.prototype, 'describe', Object.getOwnPropertyDescriptor(AssetController.prototype, 'describe'));

class AppModule {}
Module({ controllers: [AssetController], providers: [AssetService] })(AppModule);

NestFactory.create(AppModule, { logger: false })
  .then((app) => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
