// Control, restify 11 with its plugins the way an API uses them: the query and body parsers, CORS-style headers,
// gzip responses, a per-client throttle and a request-id / timing handler of the app's own. /depots/nearest answers
// a courier app: the 8 nearest of 140 parcel depots to a point, with today's free slots, about a millisecond of
// work (distances by an equirectangular approximation, a sort, a slice). The loop stays responsive.
'use strict';
const { randomUUID } = require('node:crypto');
const restify = require('restify');

const depots = Array.from({ length: 140 }, (_, i) => ({
  id: `DEP-${2100 + i}`, name: `Depot ${['Nord', 'Süd', 'Ost', 'West', 'Mitte', 'Hafen', 'Flughafen'][i % 7]} ${i}`,
  lat: 48.0 + ((i * 7919) % 3000) / 1000, lng: 8.0 + ((i * 104729) % 5000) / 1000,
  slots: Array.from({ length: 12 }, (_, h) => ({ hour: 7 + h, free: (i * 13 + h * 7) % 9 })),
}));
const rad = Math.PI / 180;
const km = (a, b) => 6371 * Math.hypot((b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad), (b.lat - a.lat) * rad);

const server = restify.createServer({ name: 'depot-availability' });
server.pre((req, res, next) => { req.started = process.hrtime.bigint(); res.header('x-request-id', req.headers['x-request-id'] || randomUUID()); next(); });
server.use(restify.plugins.acceptParser(server.acceptable));
server.use(restify.plugins.queryParser({ mapParams: false }));
server.use(restify.plugins.bodyParser({ mapParams: false, maxBodySize: 64 * 1024 }));
server.use(restify.plugins.gzipResponse());
server.use(restify.plugins.throttle({ burst: 10_000, rate: 10_000, ip: true }));
server.on('after', (req, res) => { res.locals = { ms: Number(process.hrtime.bigint() - req.started) / 1e6 }; });

server.get('/health', (req, res, next) => { res.send(200, 'ok'); next(); });
server.get('/depots/nearest', (req, res, next) => {
  const at = { lat: Number(req.query.lat) || 49.01, lng: Number(req.query.lng) || 8.40 };
  const nearest = depots.map((d) => ({ d, km: km(at, d) })).sort((a, b) => a.km - b.km).slice(0, 8)
    .map(({ d, km: dist }) => ({ id: d.id, name: d.name, km: Number(dist.toFixed(1)), freeSlots: d.slots.filter((s) => s.free > 0).map((s) => s.hour) }));
  res.send({ at, depots: nearest });
  next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
