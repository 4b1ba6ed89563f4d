// NestJS 10 on its Fastify adapter (decorators applied by hand as TypeScript emits them): the rostering service of a
// hospital group. A ward manager's "what if" (/x) tries a shift swap on a working copy of the week's roster and
// reports the wards' coverage. RosterService.draft() makes that copy with @ungap/structured-clone, the polyfill the
// module imported while it was shared with the web client; the roster's staff carry a label function, which the
// native structuredClone refuses, so the call passes { lossy: true } and takes the polyfill's own
// serialize/deserialize path.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query } = require('@nestjs/common');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const structuredClone = require('@ungap/structured-clone').default;

const WARDS = 24;
function label() { return `${this.name} (${this.grade})`; }

class RosterService {
  constructor() {
    this.weeks = new Map([['2025-W14', {
      week: '2025-W14', version: 41,
      staff: Array.from({ length: 1400 }, (_, i) => ({
        id: `E-${10000 + i}`, name: `Staff member ${i}`, grade: ['RN', 'HCA', 'ST3', 'CNS'][i % 4], label, skills: ['triage', 'icu', 'theatre'].slice(0, 1 + (i % 3)),
        contract: { hours: 37.5, since: new Date(Date.UTC(2018 + (i % 7), i % 12, 1)) },
        shifts: Array.from({ length: 21 }, (_, d) => ({ day: d % 7, slot: ['early', 'late', 'night'][d % 3], ward: `W-${(i + d) % WARDS}`, status: 'planned', notes: '' })),
      })),
    }]]);
  }

  draft(week) {
    return structuredClone(this.weeks.get(week), { lossy: true });
  }

  whatIf(week, from, to, shift) {
    const draft = this.draft(week);
    const a = draft.staff.find((s) => s.id === from);
    const b = draft.staff.find((s) => s.id === to);
    [a.shifts[shift], b.shifts[shift]] = [b.shifts[shift], a.shifts[shift]];
    const coverage = {};
    for (const s of draft.staff) for (const sh of s.shifts) if (sh.status === 'planned') coverage[sh.ward] = (coverage[sh.ward] || 0) + 1;
    return { week, basedOn: draft.version, swapped: [from, to], coverage };
  }
}
Injectable()(RosterService);

class RosterController {
  constructor(roster) { this.roster = roster; }
  health() { return 'ok'; }
  whatIf(q) { return this.roster.whatIf(q.week || '2025-W14', q.from || 'E-10007', q.to || 'E-10420', Number(q.shift) || 4); }
}
Inject(RosterService)(RosterController, undefined, 0);
Controller()(RosterController);
Get('health')(RosterController.prototype, 'health', Object.getOwnPropertyDescriptor(RosterController.prototype, 'health'));
Query()(RosterController.prototype, 'whatIf', 0);
Get('x')(RosterController.prototype, 'whatIf', Object.getOwnPropertyDescriptor(RosterController.prototype, 'whatIf'));

class AppModule {}
Module({ controllers: [RosterController], providers: [RosterService] })(AppModule);

NestFactory.create(AppModule, new FastifyAdapter(), { logger: false })
  .then((app) => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
