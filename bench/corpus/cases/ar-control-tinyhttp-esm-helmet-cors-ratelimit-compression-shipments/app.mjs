// Control, tinyhttp written as ESM, with the middleware a team puts in front of an API: helmet's security headers,
// CORS for the portal's origin, express-rate-limit (in memory, per client), compression, and a request-id and
// timing middleware of the app's own. /x is a freight forwarder's customer portal: a shipper's 40 most recent
// shipments (of 600 in memory) with their last milestone, about a millisecond of work. The loop stays responsive.
import { randomUUID } from 'node:crypto';
import { App } from '@tinyhttp/app';
import helmet from 'helmet';
import cors from 'cors';
import { rateLimit } from 'express-rate-limit';
import compression from 'compression';

const MILESTONES = ['booked', 'picked up', 'at origin hub', 'departed', 'arrived', 'customs cleared', 'out for delivery', 'delivered'];
const shipments = Array.from({ length: 600 }, (_, i) => ({
  id: `SHP-${740000 + i}`, shipper: `SH-${100 + (i % 15)}`, mode: ['road', 'sea', 'air'][i % 3], origin: ['Rotterdam', 'Hamburg', 'Antwerp', 'Gdańsk'][i % 4],
  destination: ['Lyon', 'Milano', 'Wien', 'Praha', 'Basel'][i % 5], pallets: 1 + (i % 22), bookedAt: new Date(Date.UTC(2025, 4, 1) + i * 5400e3).toISOString(),
  milestones: MILESTONES.slice(0, 1 + (i % MILESTONES.length)).map((m, k) => ({ m, at: new Date(Date.UTC(2025, 4, 1) + i * 5400e3 + k * 7200e3).toISOString() })),
}));

const app = new App();
app.use((req, res, next) => { const t0 = performance.now(); res.setHeader('x-request-id', req.headers['x-request-id'] || randomUUID()); res.on('finish', () => { res.locals.ms = performance.now() - t0; }); next(); });
app.use(helmet());
app.use(cors({ origin: ['https://portal.example-freight.eu'], credentials: true }));
// express-rate-limit's checks assume Express's req.ip and req.app: tinyhttp keys by the socket's address
app.use(rateLimit({ windowMs: 60_000, limit: 100_000, standardHeaders: 'draft-7', legacyHeaders: false, keyGenerator: (req) => req.socket.remoteAddress, validate: false }));
app.use(compression());
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const shipper = req.query.shipper || 'SH-107';
  const list = shipments.filter((s) => s.shipper === shipper).sort((a, b) => (a.bookedAt < b.bookedAt ? 1 : -1)).slice(0, 40)
    .map((s) => ({ id: s.id, mode: s.mode, lane: `${s.origin} → ${s.destination}`, pallets: s.pallets, last: s.milestones[s.milestones.length - 1] }));
  res.json({ shipper, shipments: list });
});
app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
