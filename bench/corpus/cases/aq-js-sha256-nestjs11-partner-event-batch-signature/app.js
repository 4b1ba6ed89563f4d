// NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them): the partner API of a logistics
// platform. Partners pull their pending shipment events (/x) instead of receiving pushes; every batch goes out with
// an X-Signature header, an HMAC-SHA256 of the body under the partner's secret, made by the app's
// SignatureService with js-sha256 (the pure-JavaScript hasher the SDK team shares with the browser widget). The
// pending batch (16,000 events, about 3.9 MB of JSON) only changes when the partner acknowledges it, yet it is
// serialised and signed again on every poll. The events are made at start-up, as the queue would hold them.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query, Res } = require('@nestjs/common');
const { sha256 } = require('js-sha256');

class EventQueue {
  constructor() {
    const kinds = ['picked_up', 'in_transit', 'at_hub', 'out_for_delivery', 'delivered', 'exception'];
    this.pending = new Map([['P-ACME', Array.from({ length: 16000 }, (_, i) => ({
      id: `evt_${(9000000 + i * 17).toString(36)}`, shipment: `SHP-${String(4400000 + (i >> 2))}`, kind: kinds[i % 6],
      at: new Date(Date.UTC(2025, 4, 20, 6) + i * 45000).toISOString(), hub: ['AMS-2', 'RTM-1', 'EIN-4', 'UTR-3'][i % 4],
      location: { lat: 52 + (i % 100) / 250, lon: 4.3 + (i % 80) / 200 }, note: i % 6 === 5 ? 'Recipient not at home, card left; second attempt tomorrow' : '',
      parcel: { weightKg: 0.4 + (i % 30) / 3, dims: [30 + (i % 20), 20 + (i % 10), 10 + (i % 5)], ref: `ORD-${7700000 + (i >> 1)}` },
    }))]]);
  }
  pendingFor(partner) { return this.pending.get(partner) || []; }
}
Injectable()(EventQueue);

class SignatureService {
  constructor() { this.secrets = new Map([['P-ACME', 'whsec_4f1b2c9e8a7d6f5e4c3b2a19f8e7d6c5']]); }
  sign(partner, body) {
    return `sha256=${sha256.hmac(this.secrets.get(partner), body)}`;
  }
}
Injectable()(SignatureService);

class EventsController {
  constructor(queue, signer) { this.queue = queue; this.signer = signer; }
  health() { return { ok: true }; }
  pending(q, res) {
    const partner = q.partner || 'P-ACME';
    const body = JSON.stringify({ partner, events: this.queue.pendingFor(partner) });
    res.set('x-signature', this.signer.sign(partner, body)).type('application/json').send(body);
  }
}
Inject(EventQueue)(EventsController, undefined, 0);
Inject(SignatureService)(EventsController, undefined, 1);
Controller()(EventsController);
Get('health')(EventsController.prototype, 'health', Object.getOwnPropertyDescriptor(EventsController.prototype, 'health'));
Query()(EventsController.prototype, 'pending', 0);
Res()(EventsController.prototype, 'pending', 1);
Get('x')(EventsController.prototype, 'pending', Object.getOwnPropertyDescriptor(EventsController.prototype, 'pending'));

class AppModule {}
Module({ controllers: [EventsController], providers: [EventQueue, SignatureService] })(AppModule);

NestFactory.create(AppModule, { logger: false }).then((app) => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
