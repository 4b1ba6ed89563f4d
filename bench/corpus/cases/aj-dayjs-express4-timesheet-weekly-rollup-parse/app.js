// Express 4 (helmet, cors, compression, morgan to a null stream): a staffing agency's timesheet portal. Clients'
// time clocks export punches as "DD/MM/YYYY HH:mm" strings in each site's time zone offset; /x is the weekly
// roll-up of a site: every punch (~5,000 for the month) is parsed with dayjs's customParseFormat plugin (dayjs
// ships its minified dayjs.min.js as the main entry), bucketed by ISO week and day, and summed, on every view, although
// the month's punches only grow once a night with the import.
'use strict';
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const dayjs = require('dayjs');
const customParseFormat = require('dayjs/plugin/customParseFormat');
const isoWeek = require('dayjs/plugin/isoWeek');
const utc = require('dayjs/plugin/utc');

dayjs.extend(customParseFormat);
dayjs.extend(isoWeek);
dayjs.extend(utc);

const pad = (n) => String(n).padStart(2, '0');
const sites = new Map(['lyon', 'lille', 'nantes'].map((site, s) => [site, Array.from({ length: 5000 }, (_, i) => {
  const day = 1 + (i % 30), hIn = 6 + ((i * 7 + s) % 6), hOut = hIn + 4 + (i % 5);
  return { worker: `w${(i * 31) % 900}`, in: `${pad(day)}/11/2026 ${pad(hIn)}:${pad((i * 13) % 60)}`, out: `${pad(day)}/11/2026 ${pad(hOut)}:${pad((i * 17) % 60)}` };
})]));

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://clients.example.fr' }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const site = sites.has(req.query.site) ? req.query.site : 'lille';
  const weeks = {};
  for (const p of sites.get(site)) {
    const start = dayjs(p.in, 'DD/MM/YYYY HH:mm', true);
    const end = dayjs(p.out, 'DD/MM/YYYY HH:mm', true);
    const week = `${start.isoWeekYear()}-W${start.isoWeek()}`;
    weeks[week] = (weeks[week] || 0) + end.diff(start, 'minute') / 60;
  }
  res.json({ site, generatedAt: dayjs().utc().format('YYYY-MM-DDTHH:mm[Z]'), weeks });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
