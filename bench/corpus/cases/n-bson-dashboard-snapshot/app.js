// Fastify: the BI service keeps each dashboard as one BSON snapshot (the bytes the Mongo change stream
// delivered, about 3 MB for the ops dashboard: 3,000 widgets with their queries and twelve months of
// series). /x returns one widget's series, and deserializes the whole snapshot with bson 6 to find it.
'use strict';
const fastify = require('fastify')({ logger: false });
const { BSON, ObjectId, Decimal128 } = require('bson');

const widgets = Array.from({ length: 3000 }, (_, i) => ({
  _id: new ObjectId(), kind: ['line', 'bar', 'table', 'kpi'][i % 4], title: `Revenue by region ${i}`,
  updatedAt: new Date(Date.UTC(2024, 1, 1, 0, i)),
  query: { metric: 'revenue', groupBy: ['region', 'month'], filters: [{ field: 'country', op: 'in', values: ['DE', 'FR', 'NL'] }] },
  series: Array.from({ length: 12 }, (_, m) => ({ month: m + 1, value: ((i * 31 + m * 7) % 1000) + 0.25, target: Decimal128.fromString(String(900 + m)) })),
}));
const snapshots = new Map([['ops', BSON.serialize({ dashboard: 'ops', owner: 'team-7', widgets })]]);

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request) => {
  const bytes = snapshots.get('ops');
  const dashboard = BSON.deserialize(bytes);
  const title = request.query.widget || 'Revenue by region 42';
  const widget = dashboard.widgets.find((w) => w.title === title);
  return { dashboard: dashboard.dashboard, widget: widget && { kind: widget.kind, series: widget.series.map((s) => ({ month: s.month, value: s.value })) } };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
