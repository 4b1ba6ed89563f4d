// Fastify 4: the back end of a facilities operations console, two slow pages. /schedules/upcoming shows the
// next 48 runs of each of the 480 maintenance and export jobs: every request rebuilds a croner Cron from the
// job's pattern and walks it forward with nextRuns. /parts/search is the spare-parts picker's type-ahead:
// match-sorter ranks the whole 45,000-part catalogue (name, part number, maker, tags) for each keystroke.
'use strict';
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const { Cron } = require('croner');
const { matchSorter } = require('match-sorter');

const patterns = ['*/5 * * * *', '0 */2 * * *', '15 3 * * 1-5', '0 0 1 * *', '30 9-17 * * MON-FRI', '*/15 8-18 * * *',
  '0 22 * * 0', '45 */4 * * *', '0 6,12,18 * * *', '20 2 */3 * *', '10 7 * * 1#1', '0 23 L * *'];
const jobs = Array.from({ length: 480 }, (_, i) => ({ id: `job-${1000 + i}`, site: `site-${i % 14}`, kind: ['hvac-check', 'meter-export', 'badge-sync', 'backup'][i % 4], cron: patterns[i % patterns.length] }));

const words = ['filter', 'belt', 'bearing', 'valve', 'relay', 'sensor', 'gasket', 'fuse', 'thermostat', 'pump', 'actuator', 'damper'];
const makers = ['Siemens', 'Danfoss', 'Honeywell', 'Grundfos', 'Belimo', 'Schneider', 'Carrier', 'Trane'];
const parts = Array.from({ length: 45000 }, (_, i) => ({ pn: `PN-${(100000 + i * 7).toString(36).toUpperCase()}`, maker: makers[i % 8],
  name: `${makers[i % 8]} ${words[i % 12]} ${words[(i * 7) % 12]} ${['DN25', 'DN40', '24V', '230V', 'M8', 'G1/2'][i % 6]}`, tags: [words[(i * 3) % 12], `bay-${i % 40}`] }));

const app = Fastify({ logger: false });
app.register(helmet);
app.get('/health', async () => ({ ok: true }));
app.get('/schedules/upcoming', async (request) => {
  const from = new Date(Date.UTC(2025, 2, 3, 6, 0));
  const rows = jobs.map((job) => ({ id: job.id, site: job.site, kind: job.kind, next: new Cron(job.cron).nextRuns(48, from).map((d) => d.toISOString()) }));
  return { from: from.toISOString(), jobs: rows.length, rows: rows.slice(0, Number(request.query.limit) || 40) };
});
app.get('/parts/search', async (request) => {
  const hits = matchSorter(parts, request.query.q || 'danfos valv', { keys: ['name', 'pn', 'maker', 'tags'] });
  return { total: hits.length, parts: hits.slice(0, 20) };
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
