// Control: a Hono API for a venue's event calendar, bundled and minified with esbuild as the team ships it. Stack:
// request-id, secure-headers, Server-Timing, ETag, a trailing-slash policy and @hono/zod-validator on the query
// string. /x returns one week's 40 events of a venue from an in-memory index built at start-up: the loop stays
// responsive.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { requestId } = require('hono/request-id');
const { secureHeaders } = require('hono/secure-headers');
const { timing, startTime, endTime } = require('hono/timing');
const { etag } = require('hono/etag');
const { trimTrailingSlash } = require('hono/trailing-slash');
const { zValidator } = require('@hono/zod-validator');
const { z } = require('zod');

const venues = ['main-hall', 'studio', 'garden', 'loft'];
const events = Array.from({ length: 2000 }, (_, i) => ({ id: `ev_${10000 + i}`, venue: venues[i % venues.length], title: `Session ${i}: ${['Jazz night', 'Poetry open mic', 'Ceramics workshop', 'Film club'][i % 4]}`,
  startsAt: new Date(1733011200000 + Math.floor(i / 4) * 3 * 3600e3).toISOString(), capacity: 40 + (i % 5) * 20, sold: (i * 13) % 60 }));
const byVenue = new Map(venues.map((v) => [v, events.filter((e) => e.venue === v)]));

const query = z.object({ venue: z.enum(['main-hall', 'studio', 'garden', 'loft']).default('studio'), week: z.coerce.number().int().min(0).max(11).default(2) });

const app = new Hono({ strict: true });
app.use(trimTrailingSlash());
app.use(requestId());
app.use(secureHeaders());
app.use(timing());
app.get('/health', (c) => c.text('ok'));
app.get('/x', etag(), zValidator('query', query), (c) => {
  const { venue, week } = c.req.valid('query');
  startTime(c, 'index');
  const list = byVenue.get(venue).slice(week * 40, week * 40 + 40).map((e) => ({ ...e, left: e.capacity - e.sold }));
  endTime(c, 'index');
  return c.json({ venue, week, requestId: c.get('requestId'), events: list });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
