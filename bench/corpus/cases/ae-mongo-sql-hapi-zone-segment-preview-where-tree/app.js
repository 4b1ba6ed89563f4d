// hapi 21: a marketing platform's audience preview. A courier-zone campaign's segment targets
// customers in any of the 4,800 delivery zones of the partner's coverage file (country + postal
// prefix, each zone with its own plan and basket rules), stored as the segment editor saves it: a
// mongo-sql where tree (made here at start-up). /x answers "how many customers would this reach?" for
// the filters the marketer has set in the editor (countries, active since, channel): on every request
// the app puts the zones of those countries and the filters into one SELECT count(*), compiles it with
// mongo-sql and hands it to the read replica's client (a stub that keeps the statement here).
'use strict';
const Hapi = require('@hapi/hapi');
const mosql = require('mongo-sql');

const countries = ['DE', 'AT', 'CH', 'NL', 'BE', 'FR', 'PL', 'DK'];
const segment = {
  id: 'courier-zones-summer', version: 7,
  zoneRules: Array.from({ length: 4800 }, (_, i) => ({
    country: countries[i % countries.length],
    postal_code: { $like: `${String(10 + ((i * 7) % 90))}${i % 10}%` },
    plan: { $in: i % 3 === 0 ? ['pro', 'team', 'enterprise'] : ['pro', 'team'] },
    avg_basket_cents: { $gte: 1500 + (i % 12) * 250 },
  })),
};
const replica = { last: null, count(statement) { this.last = statement; return 0; } };

const init = async () => {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => ({ ok: true }) });
  server.route({
    method: 'GET', path: '/x', handler: (request) => {
      const picked = new Set(request.query.countries ? String(request.query.countries).split(',') : countries);
      const where = { deleted_at: { $null: true }, marketing_opt_in: true, last_order_at: { $gte: request.query.since || '2024-01-01' },
        ...(request.query.channel ? { acquisition_channel: request.query.channel } : {}), $or: segment.zoneRules.filter((z) => picked.has(z.country)) };
      const statement = mosql.sql({ type: 'select', table: 'customers', columns: [{ type: 'count', expression: '*' }], where });
      return { segment: segment.id, zones: where.$or.length, params: statement.values.length, sqlBytes: statement.query.length, reach: replica.count(statement.toQuery()) };
    },
  });
  await server.start();
};
init();
