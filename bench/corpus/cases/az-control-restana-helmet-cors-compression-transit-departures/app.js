// restana with the middleware the team registers (helmet's headers, CORS for the journey planner's site, gzip for
// larger answers, an access log through morgan to a file): the departures API of a city's public-transport authority.
// /stops/:id/departures answers the next departures at a stop from a timetable indexed by stop at start-up (a binary
// search into the stop's sorted departure times, then 20 rows); /lines/:id is a map lookup. Nothing on any request
// does more than a few microseconds of work. The timetable is made at start-up, as the GTFS import would build it.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const restana = require('restana');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');

const lines = new Map(Array.from({ length: 120 }, (_, l) => [`L${l + 1}`, { id: `L${l + 1}`, name: `Route ${l + 1}`, mode: l % 9 ? 'bus' : 'tram', stops: Array.from({ length: 30 }, (_, s) => `ST-${(l * 17 + s * 13) % 2400}`) }]));
const departures = new Map();
for (const line of lines.values()) {
  line.stops.forEach((stop, s) => {
    if (!departures.has(stop)) departures.set(stop, []);
    for (let t = 5 * 3600 + s * 90; t < 24 * 3600; t += 600 + (line.id.length * 60)) departures.get(stop).push({ at: t, line: line.id, headsign: line.stops[line.stops.length - 1] });
  });
}
for (const list of departures.values()) list.sort((a, b) => a.at - b.at);

function nextDepartures(stop, fromSeconds, count) {
  const list = departures.get(stop) ?? [];
  let lo = 0, hi = list.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid].at < fromSeconds) lo = mid + 1; else hi = mid; }
  return list.slice(lo, lo + count).map((d) => ({ line: d.line, headsign: d.headsign, time: `${String(Math.floor(d.at / 3600)).padStart(2, '0')}:${String(Math.floor(d.at / 60) % 60).padStart(2, '0')}` }));
}

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'departures-'));
const service = restana();
service.use(helmet());
service.use(cors({ origin: 'https://journeys.transit.example' }));
service.use(compression({ threshold: 1024 }));
service.use(morgan('combined', { stream: fs.createWriteStream(path.join(logDir, 'access.log'), { flags: 'a' }) }));
service.get('/health', (req, res) => res.send('ok'));
service.get('/stops/:id/departures', (req, res) => {
  if (!departures.has(req.params.id)) return res.send({ error: 'unknown stop' }, 404);
  const from = Number(new URL(req.url, 'http://localhost').searchParams.get('from')) || 8 * 3600;
  res.send({ stop: req.params.id, departures: nextDepartures(req.params.id, from, 20) });
});
service.get('/lines/:id', (req, res) => {
  const line = lines.get(req.params.id);
  if (!line) return res.send({ error: 'unknown line' }, 404);
  res.send(line);
});
service.start(Number(process.env.PORT) || 0, '127.0.0.1');
process.on('exit', () => fs.rmSync(logDir, { recursive: true, force: true }));
process.on('SIGTERM', () => process.exit(0));
