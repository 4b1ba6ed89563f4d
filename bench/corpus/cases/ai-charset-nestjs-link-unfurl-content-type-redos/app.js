// NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them) with helmet, compression and CORS:
// a chat product's link-unfurl service. The crawler stores each fetched page's response headers and first bytes;
// /x unfurls a channel's 25 shared links from that store: it reads the page's encoding with the charset package (as
// urllib does), decodes the bytes and pulls the title. charset 1.0.0's CHARTSET_RE backtracks quadratically on a
// Content-Type padded with blanks after "charset=" (CVE-2017-16098, fixed in 1.0.1); one crawled site sent such a header.
'use strict';
require('reflect-metadata');
const helmet = require('helmet');
const compression = require('compression');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query } = require('@nestjs/common');
const charset = require('charset');

class PageStore {
  constructor() {
    this.pages = Array.from({ length: 25 }, (_, i) => {
      const enc = ['utf-8', 'iso-8859-1', 'windows-1252'][i % 3];
      const contentType = i === 11 ? `text/html; charset=${' '.repeat(16000)}!` : `text/html; charset=${enc}`;
      const html = `<!doctype html><html><head><meta charset="${enc}"><title>Release notes ${i}: caf\u00e9 edition</title></head><body>${'<p>lorem ipsum</p>'.repeat(20)}</body></html>`;
      return { url: `https://site${i}.example.org/post/${i}`, headers: { 'content-type': contentType, server: 'nginx' }, body: Buffer.from(html, enc === 'utf-8' ? 'utf8' : 'latin1') };
    });
  }
}
Injectable()(PageStore);

class Unfurler {
  constructor(store) { this.store = store; }
  unfurl(limit) {
    return this.store.pages.slice(0, limit).map((p) => {
      const enc = charset(p.headers, p.body) || 'utf-8';
      let text;
      try { text = new TextDecoder(enc).decode(p.body); } catch { text = p.body.toString('utf8'); }
      const title = (/<title>([^<]*)<\/title>/i.exec(text) || [])[1] || p.url;
      return { url: p.url, title, encoding: enc };
    });
  }
}
Inject(PageStore)(Unfurler, undefined, 0);
Injectable()(Unfurler);

class UnfurlController {
  constructor(unfurler) { this.unfurler = unfurler; }
  health() { return { ok: true }; }
  channel(limit) { return { channel: 'c_general', previews: this.unfurler.unfurl(Number(limit) || 25) }; }
}
Inject(Unfurler)(UnfurlController, undefined, 0);
Controller()(UnfurlController);
Get('health')(UnfurlController.prototype, 'health', Object.getOwnPropertyDescriptor(UnfurlController.prototype, 'health'));
Reflect.defineMetadata('design:paramtypes', [String], UnfurlController.prototype, 'channel');
Query('limit')(UnfurlController.prototype, 'channel', 0);
Get('x')(UnfurlController.prototype, 'channel', Object.getOwnPropertyDescriptor(UnfurlController.prototype, 'channel'));

class AppModule {}
Module({ controllers: [UnfurlController], providers: [PageStore, Unfurler] })(AppModule);

async function main() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  app.use(helmet());
  app.use(compression());
  app.enableCors({ origin: 'https://chat.example.com' });
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
