// Fastify 5 (@fastify/helmet, @fastify/cors, @fastify/sensible): an internal developer portal. /x draws a team's
// service dependency map: the catalogue's 50 services and their calls are laid out with elkjs's layered algorithm
// (ELK compiled to JavaScript) and returned as node positions and edge routes for the SVG front end. The bundled elkjs
// runs the whole layout on the calling thread (its "worker" in Node is a fake one), on every page view, although the
// catalogue only changes on deploys.
'use strict';
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const cors = require('@fastify/cors');
const sensible = require('@fastify/sensible');
const ELK = require('elkjs');

const elk = new ELK();
const tiers = ['edge', 'bff', 'core', 'data'];
const services = Array.from({ length: 50 }, (_, i) => ({ id: `svc-${i}`, tier: tiers[Math.min(3, Math.floor(i / 13))], owner: `team-${i % 7}` }));
const calls = [];
for (let i = 1; i < services.length; i++) {
  calls.push([`svc-${(i * 7919) % i}`, `svc-${i}`]);
  if (i % 3 === 0) calls.push([`svc-${i}`, `svc-${(i * 31) % services.length}`]);
  if (i % 5 === 0) calls.push([`svc-${(i * 13) % i}`, `svc-${i}`]);
}

function toGraph(team) {
  return {
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'layered', 'elk.direction': 'RIGHT', 'elk.layered.spacing.nodeNodeBetweenLayers': '60', 'elk.edgeRouting': 'ORTHOGONAL' },
    children: services.map((s) => ({ id: s.id, width: s.owner === team ? 160 : 120, height: 40, labels: [{ text: s.id, width: 60, height: 14 }] })),
    edges: calls.map(([from, to], i) => ({ id: `e${i}`, sources: [from], targets: [to] })),
  };
}

async function main() {
  const app = Fastify({ logger: false });
  await app.register(helmet);
  await app.register(cors, { origin: 'https://portal.example.com' });
  await app.register(sensible);
  app.get('/health', async () => ({ ok: true }));
  app.get('/x', async (req) => {
    const team = req.query.team || 'team-3';
    const layout = await elk.layout(toGraph(team));
    return {
      team, width: layout.width, height: layout.height,
      nodes: layout.children.map((n) => ({ id: n.id, x: n.x, y: n.y, w: n.width, h: n.height })),
      edges: layout.edges.map((e) => ({ id: e.id, points: (e.sections || []).flatMap((s) => [s.startPoint, ...(s.bendPoints || []), s.endPoint]) })),
    };
  });
  await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
