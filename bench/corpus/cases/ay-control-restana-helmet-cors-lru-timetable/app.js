// restana 4 with real middleware: helmet's security headers, CORS for the journey planner's origin, a
// response-time header and an LRU cache of rendered answers (lru-cache). /x is a regional bus operator's
// "next departures" board for a stop: the timetable (1,200 stops x 180 departures) is indexed by stop at start-up,
// and a request binary-searches the stop's sorted departures for the next 12 after now, caching the answer for 30 s.
// Nothing a request does is more than a map lookup, a binary search and a small JSON body.
'use strict';
const restana = require('restana');
const helmet = require('helmet');
const cors = require('cors');
const responseTime = require('response-time');
const { LRUCache } = require('lru-cache');

const routes = ['1', '1A', '4', '7', '12', 'X3', 'X10', '22'];
const departuresByStop = new Map();
for (let s = 0; s < 1200; s++) {
  const deps = Array.from({ length: 180 }, (_, k) => ({ route: routes[(s + k) % routes.length], minute: (300 + k * 6 + (s % 6)) % 1440, headsign: `Interchange ${(s * 7 + k) % 40}` }));
  departuresByStop.set(`ST${1000 + s}`, deps.sort((a, b) => a.minute - b.minute));
}
const cache = new LRUCache({ max: 5000, ttl: 30_000 });

function nextDepartures(stop, nowMinute, count) {
  const deps = departuresByStop.get(stop) || [];
  let lo = 0, hi = deps.length;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (deps[mid].minute < nowMinute) lo = mid + 1; else hi = mid; }
  return deps.slice(lo, lo + count);
}

const service = restana();
service.use(helmet());
service.use(cors({ origin: 'https://journeys.example-buses.co.uk' }));
service.use(responseTime());
service.get('/health', (req, res) => res.send('ok'));
service.get('/x', (req, res) => {
  const stop = req.query.stop || 'ST1042';
  const now = new Date(); const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const key = `${stop}:${minute}`;
  let body = cache.get(key);
  if (!body) { body = JSON.stringify({ stop, at: now.toISOString(), departures: nextDepartures(stop, minute, 12) }); cache.set(key, body); }
  res.setHeader('content-type', 'application/json');
  res.send(body);
});
service.start(Number(process.env.PORT) || 0, '127.0.0.1');
