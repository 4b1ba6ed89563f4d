// hapi: a handler scores an in-memory queue of 300,000 events, one event per process.nextTick "so
// it does not block"; every tick runs before the loop moves on, so the loop is held until the queue is empty.
'use strict';
const Hapi = require('@hapi/hapi');

const events = Array.from({ length: 300000 }, (_, i) => ({ id: i, amount: (i % 100) / 4 }));

function drain(list) {
  return new Promise((resolve) => {
    let i = 0;
    let total = 0;
    const step = () => {
      if (i === list.length) return resolve(total);
      for (let k = 1; k < 40; k++) total += (list[i].amount * k) % 7; i++; process.nextTick(step);
    };
    step();
  });
}

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({ method: 'GET', path: '/x', handler: async () => ({ total: await drain(events) }) });
  await server.start();
}
main();
