// h3, written as ESM: the ground-station scheduler of an earth-observation operator. /stations/:id/passes lists the
// next 24 hours of passes over a ground station for the 48 satellites it serves (acquisition, loss of signal and
// peak elevation), which the operations console refreshes all day. The service propagates every satellite with
// satellite.js (SGP4) every 30 seconds of the window and turns each position into look angles from the station, on
// every request, though the predictions only change when the orbital elements (TLEs) are refreshed, a few times a
// day. Stations and TLEs are made at start-up, as the orbit-data store would hand them over.
import { createServer } from 'node:http';
import { createApp, createRouter, defineEventHandler, getRouterParam, createError, toNodeListener } from 'h3';
import satellite from 'satellite.js';

const { twoline2satrec, propagate, gstime, eciToEcf, ecfToLookAngles, degreesToRadians } = satellite;
const DEG = 180 / Math.PI;
const col = (v, width, digits) => v.toFixed(digits).padStart(width);
const fleet = Array.from({ length: 48 }, (_, i) => {
  const norad = String(48100 + i).padStart(5, '0');
  const line1 = `1 ${norad}U 24${String(10 + i).padStart(3, '0')}A   25150.${String(51782528 + i * 1379).slice(0, 8)}  .00001264  00000-0  62745-4 0  999${i % 10}`;
  const line2 = `2 ${norad} ${col([97.4, 53.0, 51.6, 86.4, 70.0][i % 5], 8, 4)} ${col((i * 37.3) % 360, 8, 4)} ${String(1000 + ((i * 97) % 8000)).padStart(7, '0')} ${col((i * 53.1) % 360, 8, 4)} ${col((i * 71.7) % 360, 8, 4)} ${col(14.8 + (i % 9) * 0.11, 11, 8)}${String(1000 + i).padStart(5)}${i % 10}`;
  return { id: `EO-${i + 1}`, norad, satrec: twoline2satrec(line1, line2) };
});
const stations = new Map([
  ['svalbard', { id: 'svalbard', name: 'Svalbard SG-3', lat: 78.23, lon: 15.39, alt: 0.5, minElevation: 10 }],
  ['inuvik', { id: 'inuvik', name: 'Inuvik IN-1', lat: 68.36, lon: -133.72, alt: 0.1, minElevation: 10 }],
  ['punta-arenas', { id: 'punta-arenas', name: 'Punta Arenas PA-2', lat: -52.94, lon: -70.85, alt: 0.05, minElevation: 5 }],
]);

function elevationAt(satrec, site, at) {
  const { position } = propagate(satrec, at);
  return position ? ecfToLookAngles(site, eciToEcf(position, gstime(at))).elevation * DEG : -90;
}

function predictPasses(station, from, hours, stepSeconds = 30) {
  const site = { latitude: degreesToRadians(station.lat), longitude: degreesToRadians(station.lon), height: station.alt };
  const passes = [];
  for (const sat of fleet) {
    let open = null;
    for (let t = from; t < from + hours * 3600e3; t += stepSeconds * 1000) {
      const el = elevationAt(sat.satrec, site, new Date(t));
      if (el >= station.minElevation) {
        if (!open) open = { satellite: sat.id, norad: sat.norad, aos: t, maxElevation: el };
        else open.maxElevation = Math.max(open.maxElevation, el);
      } else if (open) {
        passes.push({ ...open, los: t, minutes: Math.round((t - open.aos) / 60000), maxElevation: Math.round(open.maxElevation * 10) / 10 });
        open = null;
      }
    }
  }
  return passes.sort((a, b) => a.aos - b.aos).map((p) => ({ ...p, aos: new Date(p.aos).toISOString(), los: new Date(p.los).toISOString() }));
}

const app = createApp();
const router = createRouter();
router.get('/health', defineEventHandler(() => 'ok'));
router.get('/stations/:id/passes', defineEventHandler((event) => {
  const station = stations.get(getRouterParam(event, 'id'));
  if (!station) throw createError({ statusCode: 404, statusMessage: 'unknown station' });
  const from = Date.UTC(2025, 5, 1, 6);
  const passes = predictPasses(station, from, 24);
  return { station: station.name, from: new Date(from).toISOString(), hours: 24, satellites: fleet.length, passes: passes.length, next: passes.slice(0, 25) };
}));
app.use(router);
createServer(toNodeListener(app)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
