// NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them): a CRM's "possible duplicates"
// panel. When an agent opens a company record, /x fuzzy-matches its name against the account list (12,000 company
// names) with fuzzball's extract and token_set_ratio scorer (the fuzzywuzzy port) and shows the closest five. The
// service wraps every lookup in the app's withSpan helper (a tracing span with timing and an error tag). Each call
// tokenises, sorts and compares the name with every one of the 12,000 names, synchronously on the loop.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query } = require('@nestjs/common');
const fuzz = require('fuzzball');

const stems = ['Nordic', 'Atlas', 'Blue River', 'Crescent', 'Summit', 'Harbor', 'Golden Gate', 'Iron Oak', 'Silver Line', 'Maple', 'Quantum', 'Pioneer'];
const trades = ['Logistics', 'Foods', 'Engineering', 'Textiles', 'Pharma', 'Software', 'Timber', 'Marine Supply', 'Dental', 'Print & Pack'];
const forms = ['Ltd', 'GmbH', 'B.V.', 'Inc.', 'S.A.', 'AB', 'Oy', 'LLC'];
const accounts = Array.from({ length: 12000 }, (_, i) => `${stems[i % stems.length]} ${trades[(i * 7) % trades.length]} ${['North', 'South', 'Holding', 'Group', 'International', ''][i % 6]} ${forms[(i * 3) % forms.length]} ${i}`.replace(/\s+/g, ' '));

const spans = [];
async function withSpan(name, fn) {
  const span = { name, start: performance.now(), error: false };
  try {
    return await fn(span);
  } catch (err) {
    span.error = true;
    throw err;
  } finally {
    span.ms = performance.now() - span.start;
    spans.push(span);
    if (spans.length > 1000) spans.shift();
  }
}

class DuplicateService {
  async candidates(name) {
    const matches = await withSpan('crm.duplicates', () => fuzz.extract(name, accounts, { scorer: fuzz.token_set_ratio, limit: 5, cutoff: 60 }));
    return matches.map(([match, score, index]) => ({ account: `acc_${index}`, name: match, score }));
  }
}
Injectable()(DuplicateService);

class AccountsController {
  constructor(dupes) { this.dupes = dupes; }
  health() { return { ok: true }; }
  async duplicates(name) {
    const query = name || 'Harbour Marine Supplies Holding BV';
    return { query, ratio: fuzz.ratio(query, query.toLowerCase()), candidates: await this.dupes.candidates(query) };
  }
}
Inject(DuplicateService)(AccountsController, undefined, 0);
Controller()(AccountsController);
Get('health')(AccountsController.prototype, 'health', Object.getOwnPropertyDescriptor(AccountsController.prototype, 'health'));
Query('name')(AccountsController.prototype, 'duplicates', 0);
Get('x')(AccountsController.prototype, 'duplicates', Object.getOwnPropertyDescriptor(AccountsController.prototype, 'duplicates'));

class AppModule {}
Module({ controllers: [AccountsController], providers: [DuplicateService] })(AppModule);

async function main() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
