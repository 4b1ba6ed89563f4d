// polka with the middleware the team puts in front of its APIs (helmet, CORS for the customer portal, compression,
// body-parser's JSON parser and a request-id / timing middleware of its own): the billing engine of an electricity
// retailer. /sites/:id/bill-preview prices a year of a commercial site's 15-minute interval reads (10 meters, about
// 350,000 reads) against the site's time-of-use tariff. The app's own priceIntervals takes each read's calendar
// fields and scans the tariff's 96 rate windows (season x day type x hour band) from the top until one matches, for
// every read, on every bill preview. Tariff and reads are made at start-up, as the meter-data store would hand them
// over.
'use strict';
const { randomUUID } = require('node:crypto');
const polka = require('polka');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const bodyParser = require('body-parser');

const seasons = [{ name: 'winter', months: [12, 1, 2] }, { name: 'spring', months: [3, 4, 5] }, { name: 'summer', months: [6, 7, 8] }, { name: 'autumn', months: [9, 10, 11] }];
const dayTypes = [{ name: 'weekday', days: [1, 2, 3, 4, 5] }, { name: 'saturday', days: [6] }, { name: 'sunday', days: [0] }];
const bands = [[0, 6, 'night'], [6, 7, 'shoulder'], [7, 10, 'peak'], [10, 13, 'day'], [13, 16, 'day'], [16, 20, 'peak'], [20, 22, 'shoulder'], [22, 24, 'night']];
const windows = seasons.flatMap((s, si) => dayTypes.flatMap((d, di) => bands.map(([from, to, band], bi) => ({
  season: s.name, months: s.months, dayType: d.name, days: d.days, fromHour: from, toHour: to, band,
  centsPerKwh: 9.5 + si * 1.25 + (band === 'peak' ? 14 : band === 'shoulder' ? 6 : band === 'day' ? 3 : 0) - di * 1.5 + bi * 0.05,
}))));
const holidays = new Set(['2024-01-01', '2024-03-29', '2024-04-01', '2024-05-01', '2024-05-09', '2024-05-20', '2024-10-03', '2024-12-25', '2024-12-26'].map((d) => Date.parse(d) / 86400000));
const start = Date.UTC(2024, 0, 1);
const meters = Array.from({ length: 10 }, (_, m) => ({
  id: `MTR-${7300 + m}`,
  reads: Array.from({ length: 35136 }, (_, i) => ({ t: start + i * 900000, kwh: Math.round((1.5 + m * 0.3 + Math.sin(i / 16) + ((i * 7919 + m) % 13) / 10) * 100) / 100 })),
}));

const site = { id: 'SITE-0442', customer: 'Hallberg Cold Storage AB', meters, tariff: windows };

function priceIntervals(siteMeters, tariff) {
  const byBand = {};
  let cents = 0, kwh = 0, unmatched = 0;
  for (const meter of siteMeters) {
    for (const r of meter.reads) {
      const d = new Date(r.t);
      const month = d.getUTCMonth() + 1, hour = d.getUTCHours(), day = holidays.has(Math.floor(r.t / 86400000)) ? 0 : d.getUTCDay();
      let w = null;
      for (let k = 0; k < tariff.length; k++) {
        if (tariff[k].months.includes(month) && tariff[k].days.includes(day) && hour >= tariff[k].fromHour && hour < tariff[k].toHour) { w = tariff[k]; break; }
      }
      if (!w) { unmatched++; continue; }
      cents += r.kwh * w.centsPerKwh;
      kwh += r.kwh;
      byBand[w.band] = (byBand[w.band] || 0) + r.kwh;
    }
  }
  return { kwh: Math.round(kwh), energyEur: Math.round(cents) / 100, byBand, unmatched };
}

const json = (res, code, body) => { res.statusCode = code; res.setHeader('content-type', 'application/json'); res.end(JSON.stringify(body)); };
polka()
  .use((req, res, next) => { req.id = req.headers['x-request-id'] || randomUUID(); res.setHeader('x-request-id', req.id); const t0 = performance.now(); res.on('finish', () => { req.ms = performance.now() - t0; }); next(); })
  .use(helmet())
  .use(cors({ origin: ['https://portal.gridwise-energy.example'], credentials: true }))
  .use(compression())
  .use(bodyParser.json({ limit: '100kb' }))
  .get('/health', (req, res) => res.end('ok'))
  .get('/sites/:id/bill-preview', (req, res) => {
    if (req.params.id !== site.id) return json(res, 404, { error: 'unknown site' });
    const bill = priceIntervals(site.meters, site.tariff);
    json(res, 200, { site: site.id, customer: site.customer, period: '2024', meters: site.meters.length, ...bill });
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
