// Fastify 5: the network-operations backend of a regional ISP, two slow calls. /topology/critical-routers ranks the
// backbone's 200 routers by betweenness centrality with Cytoscape.js (headless), the graph rebuilt from the link
// inventory on every request. /telemetry/snapshot decodes the latest interface-counter snapshot, 60,000 interfaces
// pushed by the collector as one Protobuf-ES (@bufbuild/protobuf) message, and sums the errors per router.
// The inventory and the snapshot are made at start-up.
'use strict';
const fastify = require('fastify')();
const cytoscape = require('cytoscape');
const { proto3, ScalarType } = require('@bufbuild/protobuf');

const ROUTERS = 200;
const links = [];
for (let i = 0; i < ROUTERS; i++) for (const k of [1, 7, 31]) { const j = (i * k + 3) % ROUTERS; if (j !== i) links.push({ id: `L${links.length}`, a: `R${i}`, b: `R${j}`, latencyMs: 1 + ((i * k) % 9) }); }

function criticalRouters(linkList, top) {
  const cy = cytoscape({ headless: true, elements: [...Array.from({ length: ROUTERS }, (_, i) => ({ data: { id: `R${i}` } })), ...linkList.map((l) => ({ data: { id: l.id, source: l.a, target: l.b, latencyMs: l.latencyMs } }))] });
  const bc = cy.elements().betweennessCentrality({ weight: (edge) => edge.data('latencyMs') });
  return cy.nodes().map((n) => ({ router: n.id(), score: bc.betweennessNormalized(n) })).sort((x, y) => y.score - x.score).slice(0, top);
}

const Counters = proto3.makeMessageType('telemetry.v1.InterfaceCounters', [
  { no: 1, name: 'router', kind: 'scalar', T: ScalarType.STRING }, { no: 2, name: 'ifname', kind: 'scalar', T: ScalarType.STRING },
  { no: 3, name: 'in_octets', kind: 'scalar', T: ScalarType.UINT64 }, { no: 4, name: 'out_octets', kind: 'scalar', T: ScalarType.UINT64 },
  { no: 5, name: 'in_errors', kind: 'scalar', T: ScalarType.UINT32 }, { no: 6, name: 'out_discards', kind: 'scalar', T: ScalarType.UINT32 },
  { no: 7, name: 'oper_up', kind: 'scalar', T: ScalarType.BOOL }, { no: 8, name: 'speed_mbps', kind: 'scalar', T: ScalarType.UINT32 },
]);
const Snapshot = proto3.makeMessageType('telemetry.v1.Snapshot', [
  { no: 1, name: 'taken_at', kind: 'scalar', T: ScalarType.INT64 }, { no: 2, name: 'counters', kind: 'message', T: Counters, repeated: true },
]);
let latest; // the collector pushes 1,000 interfaces a message; concatenated Protobuf messages merge into one snapshot
async function collect() {
  const parts = [];
  for (let k = 0; k < 60; k++) {
    await new Promise((resolve) => setImmediate(resolve));
    parts.push(new Snapshot({ takenAt: 1748736000n, counters: Array.from({ length: 1000 }, (_, n) => { const i = k * 1000 + n; return { router: `R${i % ROUTERS}`, ifname: `xe-${i % 4}/0/${i % 48}`,
      inOctets: BigInt(i) * 123456789n, outOctets: BigInt(i) * 98765432n, inErrors: i % 13, outDiscards: i % 7, operUp: i % 11 !== 0, speedMbps: 10000 }; }) }).toBinary());
  }
  latest = Buffer.concat(parts);
}

fastify.get('/health', async () => 'ok');
fastify.get('/topology/critical-routers', async () => ({ routers: criticalRouters(links, 10) }));
fastify.get('/telemetry/snapshot', async () => {
  const snap = Snapshot.fromBinary(latest);
  const errors = new Map();
  for (const c of snap.counters) errors.set(c.router, (errors.get(c.router) || 0) + c.inErrors + c.outDiscards);
  return { takenAt: Number(snap.takenAt), interfaces: snap.counters.length, down: snap.counters.filter((c) => !c.operUp).length, worst: [...errors].sort((a, b) => b[1] - a[1]).slice(0, 10) };
});
collect().then(() => fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' }));
