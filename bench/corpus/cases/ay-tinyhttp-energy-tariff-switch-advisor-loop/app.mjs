// @tinyhttp/app (ESM): an energy supplier's tariff-switch advisor. /x prices a household's last year of half-hourly
// smart-meter readings (17,520) under each of the 60 time-of-use tariffs on sale and returns the cheapest ones. The
// helper annualCost walks every reading and, for each, every band of the tariff (a rate for each half-hour of a
// weekday and of a weekend day, 96 a tariff) to find the one the half-hour falls into: 101 million band checks per
// request, in the app's own loop.
// The readings and tariffs are made at start-up.
import { App } from '@tinyhttp/app';

const readings = Float64Array.from({ length: 17520 }, (_, i) => {
  const slot = i % 48, day = Math.floor(i / 48);
  return 0.08 + (slot >= 34 && slot < 44 ? 0.45 : 0.12) * (1 + 0.3 * Math.cos((day / 365) * 2 * Math.PI)) + ((i * 7919) % 13) / 100;
});
const tariffs = Array.from({ length: 60 }, (_, t) => ({
  id: `TOU-${2025}-${String(t + 1).padStart(2, '0')}`, standingPence: 45 + (t % 9) * 2.5,
  bands: Array.from({ length: 96 }, (_, b) => ({ weekend: b >= 48, from: b % 48, to: (b % 48) + 1, pence: 9 + ((t * 5 + b * 3) % 23) + (b % 48 >= 34 && b % 48 < 40 ? 14 : 0) })),
}));

function annualCost(meter, tariff) {
  let pence = 0;
  for (let i = 0; i < meter.length; i++) {
    const slot = i % 48, weekend = Math.floor(i / 48) % 7 >= 5;
    for (const band of tariff.bands) if (band.weekend === weekend && slot >= band.from && slot < band.to) pence += meter[i] * band.pence;
  }
  return Math.round(pence + tariff.standingPence * 365) / 100;
}

const app = new App();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const quotes = tariffs.map((t) => ({ tariff: t.id, annualPounds: annualCost(readings, t) })).sort((a, b) => a.annualPounds - b.annualPounds);
  res.json({ readings: readings.length, cheapest: quotes.slice(0, 5), dearest: quotes.at(-1) });
});
app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
