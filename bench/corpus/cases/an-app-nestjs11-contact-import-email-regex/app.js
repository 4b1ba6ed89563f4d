// NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them): the contact import of a
// small-business CRM. A customer uploads a spreadsheet of contacts (1,200 rows here, made at start-up); the import
// page shows a preview on every load. The app's ContactImportService checks each row's email with the app's own
// EMAIL pattern, copied years ago from a forum answer: the nested quantifiers of its domain part backtrack
// exponentially on an address whose last label is long and followed by a stray character. Two rows of this file
// have one: a trailing space after a domain whose ".pl" lost its dot.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query } = require('@nestjs/common');

const EMAIL = /^([a-zA-Z0-9_\.\-])+\@(([a-zA-Z0-9\-])+\.)+([a-zA-Z0-9]{2,4})+$/;

class UploadStore {
  constructor() {
    const first = ['anna', 'piotr', 'marta', 'jan', 'ewa', 'tomasz', 'kasia', 'michal'];
    const last = ['nowak', 'kowalski', 'wisniewska', 'wojcik', 'kaminski', 'lewandowska'];
    this.rows = Array.from({ length: 1200 }, (_, i) => ({
      name: `${first[i % 8]} ${last[i % 6]}`, company: `Firma ${i % 90}`, phone: `+48 600 ${String(100000 + i).slice(1)}`,
      email: `${first[i % 8]}.${last[i % 6]}${i}@${['gmail.com', 'onet.pl', 'wp.pl', `firma${i % 90}.com.pl`][i % 4]}`,
    }));
    this.rows[417].email = 'marta.kowalska@biuro.kancelariaadwokackanowakikowalskiwarszawiepl ';
    this.rows[902].email = 'j.wojcik@ksiegowosc.biurorachunkowewojcikiwspolnicygdanskiepl ';
  }
  latest() { return this.rows; }
}
Injectable()(UploadStore);

class ContactImportService {
  preview(rows) {
    const invalid = [];
    const domains = new Map();
    for (let i = 0; i < rows.length; i++) {
      const email = rows[i].email;
      if (!EMAIL.test(email)) { invalid.push({ row: i + 2, email: email.trim(), reason: 'email' }); continue; }
      const domain = email.slice(email.indexOf('@') + 1);
      domains.set(domain, (domains.get(domain) || 0) + 1);
    }
    return { rows: rows.length, valid: rows.length - invalid.length, invalid, topDomains: [...domains].sort((a, b) => b[1] - a[1]).slice(0, 5) };
  }
}
Injectable()(ContactImportService);

class ImportController {
  constructor(service, store) { this.service = service; this.store = store; }
  health() { return { ok: true }; }
  preview(q) { return { upload: q.upload || 'contacts-2025-12.xlsx', ...this.service.preview(this.store.latest()) }; }
}
Inject(ContactImportService)(ImportController, undefined, 0);
Inject(UploadStore)(ImportController, undefined, 1);
Controller()(ImportController);
Get('health')(ImportController.prototype, 'health', Object.getOwnPropertyDescriptor(ImportController.prototype, 'health'));
Query()(ImportController.prototype, 'preview', 0);
Get('x')(ImportController.prototype, 'preview', Object.getOwnPropertyDescriptor(ImportController.prototype, 'preview'));

class AppModule {}
Module({ controllers: [ImportController], providers: [UploadStore, ContactImportService] })(AppModule);

NestFactory.create(AppModule, { logger: false }).then((app) => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
