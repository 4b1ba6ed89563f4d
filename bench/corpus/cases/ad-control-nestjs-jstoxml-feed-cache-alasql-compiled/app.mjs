// NestJS 11 (plain JavaScript, decorators applied by hand): the podcast host's show API done right.
// The RSS feed (the latest 300 episodes, as the big hosts cap it) is rendered with jstoxml once at
// start-up and again only when an episode is published, then served from memory with its ETag; the
// "top countries" tile asks alasql through a statement compiled once (alasql.compile) over the last
// 30 days' download rollup (2,400 rows), not the raw logs.
import 'reflect-metadata';
import crypto from 'node:crypto';
import common from '@nestjs/common';
import core from '@nestjs/core';
import alasql from 'alasql';
import { toXML } from 'jstoxml';

const { Controller, Get, Injectable, Inject, Module, Query } = common;
const { NestFactory } = core;

class ShowService {
  constructor() {
    this.episodes = Array.from({ length: 3000 }, (_, i) => ({ number: 3000 - i, title: `Episode ${3000 - i}: shipping notes`, audio: `https://cdn.example.fm/daily/ep-${3000 - i}.mp3`,
      bytes: 30000000 + i * 17, published: new Date(1732950000000 - i * 86400000) }));
    this.db = new alasql.Database('stats');
    this.db.exec('CREATE TABLE daily_downloads (day INT, country STRING, downloads INT)');
    const countries = ['DE', 'US', 'GB', 'FR', 'NL', 'SE', 'ES', 'IT', 'PL', 'BR', 'CA', 'AU', 'JP', 'IN', 'AT', 'CH', 'BE', 'DK', 'NO', 'FI'];
    this.db.tables.daily_downloads.data = Array.from({ length: 2400 }, (_, i) => ({ day: Math.floor(i / 80), country: countries[i % 20], downloads: 50 + (i * 37) % 900 }));
    this.topCountries = alasql.compile('SELECT country, SUM(downloads) AS downloads FROM daily_downloads WHERE day >= ? GROUP BY country ORDER BY downloads DESC LIMIT 5', 'stats');
    this.publish();
  }

  publish() { // called on start-up and by the publish hook
    const items = this.episodes.slice(0, 300).map((e) => ({ item: [{ title: e.title }, { _name: 'enclosure', _attrs: { url: e.audio, length: e.bytes, type: 'audio/mpeg' } },
      { guid: `daily-${e.number}` }, { pubDate: e.published.toUTCString() }] }));
    this.feedXml = toXML({ _name: 'rss', _attrs: { version: '2.0' }, _content: { channel: [{ title: 'Ship It Daily' }, ...items] } }, { header: true });
    this.feedEtag = `"${crypto.createHash('sha1').update(this.feedXml).digest('base64url')}"`;
  }
}
Injectable()(ShowService);

class ShowController {
  constructor(shows) { this.shows = shows; }
  health() { return { ok: true }; }
  summary(days) {
    const since = 30 - Math.min(Number(days) || 7, 30);
    return { feedBytes: this.shows.feedXml.length, etag: this.shows.feedEtag, topCountries: this.shows.topCountries([since]) };
  }
}
Controller()(ShowController);
Inject(ShowService)(ShowController, undefined, 0);
Reflect.decorate([Get('health')], ShowController.prototype, 'health', Object.getOwnPropertyDescriptor(ShowController.prototype, 'health'));
Reflect.decorate([Get('x')], ShowController.prototype, 'summary', Object.getOwnPropertyDescriptor(ShowController.prototype, 'summary'));
Query('days')(ShowController.prototype, 'summary', 0);

class AppModule {}
Module({ controllers: [ShowController], providers: [ShowService] })(AppModule);

const app = await NestFactory.create(AppModule, { logger: false });
await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
