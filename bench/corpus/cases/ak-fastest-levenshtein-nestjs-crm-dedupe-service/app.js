// NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them): a CRM's "possible duplicates"
// panel. The controller asks the app's DuplicateService, which compares the contact being edited against every one
// of the 150,000 contacts of the account with fastest-levenshtein's edit distance, on the loop, on every panel open.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query } = require('@nestjs/common');
const { distance } = require('fastest-levenshtein');

const first = ['Anna', 'Bram', 'Chloe', 'Daan', 'Emma', 'Finn', 'Julia', 'Lucas', 'Mila', 'Noah', 'Sara', 'Tim'];
const last = ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'de Groot', 'Bos'];
const streets = ['Kerkstraat', 'Dorpsstraat', 'Molenweg', 'Stationsweg', 'Schoolstraat'];
class ContactRepository {
  constructor() {
    this.contacts = Array.from({ length: 150000 }, (_, i) => ({ id: `c_${i}`,
      key: `${first[i % 12]} ${last[(i * 7) % 10]}, ${streets[i % 5]} ${1 + (i % 180)}, ${['Utrecht', 'Zwolle', 'Delft', 'Breda'][i % 4]}` }));
  }
  all() { return this.contacts; }
}
Injectable()(ContactRepository);

class DuplicateService {
  constructor(repo) { this.repo = repo; }
  findDuplicates(candidate, maxEdits) {
    const hits = [];
    for (const c of this.repo.all()) {
      const d = distance(candidate, c.key);
      if (d <= maxEdits) hits.push({ id: c.id, key: c.key, edits: d });
    }
    return hits.sort((a, b) => a.edits - b.edits).slice(0, 20);
  }
}
Inject(ContactRepository)(DuplicateService, undefined, 0);
Injectable()(DuplicateService);

class DuplicatesController {
  constructor(service) { this.service = service; }
  health() { return { ok: true }; }
  duplicates(q) { return { matches: this.service.findDuplicates(q.name || 'Anna de Vriez, Kerkstraat 12, Utrecht', 4) }; }
}
Inject(DuplicateService)(DuplicatesController, undefined, 0);
Controller()(DuplicatesController);
Get('health')(DuplicatesController.prototype, 'health', Object.getOwnPropertyDescriptor(DuplicatesController.prototype, 'health'));
Query()(DuplicatesController.prototype, 'duplicates', 0);
Get('x')(DuplicatesController.prototype, 'duplicates', Object.getOwnPropertyDescriptor(DuplicatesController.prototype, 'duplicates'));

class AppModule {}
Module({ controllers: [DuplicatesController], providers: [ContactRepository, DuplicateService] })(AppModule);

NestFactory.create(AppModule, { logger: false }).then((app) => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
