// NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them; helmet, CORS, a global query pipe
// and a global response-time interceptor): a realtime gateway negotiates per-message compression with
// websocket-extensions, pinned at 0.1.3 through faye-websocket/websocket-driver in an old lockfile. The ops
// dashboard's "recent handshakes" panel (/x) replays the Sec-WebSocket-Extensions offers of the last 20 upgrade
// requests through the same Extensions#generateResponse the gateway uses, to show what was negotiated. One of them
// is a scanner's probe: an unclosed quoted parameter made of 24 "\c" pairs (the shape of CVE-2020-7662).
'use strict';
require('reflect-metadata');
const helmet = require('helmet');
const { map, tap } = require('rxjs');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Query } = require('@nestjs/common');
const Extensions = require('websocket-extensions');

const deflate = {
  name: 'permessage-deflate', type: 'permessage', rsv1: true, rsv2: false, rsv3: false,
  createServerSession(offers) {
    const offer = offers.find((o) => !o.server_max_window_bits || Number(o.server_max_window_bits) >= 9);
    if (!offer) return null;
    return { generateResponse: () => ({ server_no_context_takeover: true }), processIncomingMessage: (m, cb) => cb(null, m), processOutgoingMessage: (m, cb) => cb(null, m), close() {} };
  },
};
const offers = [
  'permessage-deflate; client_max_window_bits', 'permessage-deflate; client_max_window_bits=15; server_no_context_takeover',
  'x-webkit-deflate-frame', 'permessage-deflate',
];
const recent = Array.from({ length: 19 }, (_, i) => ({ id: `hs_${9000 + i}`, ip: `203.0.113.${i + 10}`, offer: offers[i % offers.length] }));
recent.splice(11, 0, { id: 'hs_9011', ip: '198.51.100.66', offer: `permessage-deflate; client_max_window_bits="${'\\c'.repeat(24)}` });

class HandshakeLog {
  recent(limit) { return recent.slice(-limit); }
}
Injectable()(HandshakeLog);

class HandshakeController {
  constructor(log) { this.log = log; }
  health() { return { ok: true }; }
  handshakes(limit) {
    return this.log.recent(limit).map((h) => {
      const exts = new Extensions();
      exts.add(deflate);
      try {
        return { ...h, negotiated: exts.generateResponse(h.offer) || null };
      } catch (err) {
        return { ...h, negotiated: null, error: 'invalid Sec-WebSocket-Extensions header' };
      }
    });
  }
}
Inject(HandshakeLog)(HandshakeController, undefined, 0);
Controller()(HandshakeController);
Get('health')(HandshakeController.prototype, 'health', Object.getOwnPropertyDescriptor(HandshakeController.prototype, 'health'));
Query('limit')(HandshakeController.prototype, 'handshakes', 0);
Get('x')(HandshakeController.prototype, 'handshakes', Object.getOwnPropertyDescriptor(HandshakeController.prototype, 'handshakes'));

class LimitPipe {
  transform(value, meta) { return meta.type === 'query' && meta.data === 'limit' ? Math.min(Number(value) || 20, 100) : value; }
}
class ResponseTimeInterceptor {
  intercept(context, next) {
    const started = process.hrtime.bigint();
    const res = context.switchToHttp().getResponse();
    return next.handle().pipe(tap(() => res.setHeader('x-response-time', `${Number(process.hrtime.bigint() - started) / 1e6}ms`)), map((body) => body));
  }
}

class AppModule {}
Module({ controllers: [HandshakeController], providers: [HandshakeLog] })(AppModule);

async function main() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  app.use(helmet());
  app.enableCors({ origin: 'https://ops.example.com' });
  app.useGlobalPipes(new LimitPipe());
  app.useGlobalInterceptors(new ResponseTimeInterceptor());
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
