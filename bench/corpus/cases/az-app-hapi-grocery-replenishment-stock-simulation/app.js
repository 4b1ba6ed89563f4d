// hapi 21: the replenishment service of a grocery chain. Each night's order proposal and the store manager's
// "what if" screen call /stores/:id/replenishment-plan, which simulates every SKU of the store hour by hour over the
// next 52 weeks (forecast demand, reorder point, delivery lot) to find the SKUs that will run out and what the stock
// will cost to carry. The simulation is the app's own code, run for all 6,000 SKUs on every call. Stores, SKUs and
// their hourly demand profiles are made at start-up, as the forecasting job would hand them over.
'use strict';
const Hapi = require('@hapi/hapi');

const HOURLY_CARRY_RATE = 0.25 / (365 * 24);
const stores = new Map();
for (const id of ['ST-014', 'ST-027', 'ST-031']) {
  const skus = Array.from({ length: 6000 }, (_, i) => {
    const base = 0.4 + ((i * 37) % 50) / 10;
    return {
      sku: `SKU-${200000 + i}`, onHand: 40 + (i % 90), reorderPoint: 12 + (i % 30), lot: 48 + (i % 4) * 24, unitCost: 0.5 + (i % 70) / 7,
      hourly: Array.from({ length: 168 }, (_, h) => +(base * (h % 24 >= 8 && h % 24 < 21 ? 1.6 : 0.3) * (h >= 120 ? 1.4 : 1)).toFixed(2)),
    };
  });
  stores.set(id, { id, skus });
}

function replenishmentPlan(store, days) {
  const atRisk = [];
  let carryingTotal = 0, orders = 0;
  for (const s of store.skus) {
    let onHand = s.onHand, lowest = onHand, carrying = 0, placed = 0;
    for (let t = 0; t < days * 24; t++) {
      onHand -= s.hourly[t % 168]; if (onHand < s.reorderPoint) { onHand += s.lot; placed++; } if (onHand < lowest) lowest = onHand; carrying += onHand * s.unitCost * HOURLY_CARRY_RATE;
    }
    carryingTotal += carrying; orders += placed;
    if (lowest < s.reorderPoint / 2) atRisk.push({ sku: s.sku, lowest: +lowest.toFixed(1), orders: placed });
  }
  return { store: store.id, days, skus: store.skus.length, orders, carryingCost: +carryingTotal.toFixed(2), atRisk: atRisk.slice(0, 100) };
}

async function start() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET', path: '/stores/{id}/replenishment-plan',
    handler: (request, h) => {
      const store = stores.get(request.params.id);
      if (!store) return h.response({ error: 'unknown store' }).code(404);
      return replenishmentPlan(store, Number(request.query.days) || 364);
    },
  });
  await server.start();
}
start();
