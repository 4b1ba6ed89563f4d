// Fastify: a warehouse dashboard pulls the live inventory as MessagePack (the same notepack.io codec its
// socket.io-msgpack-parser channel uses); /x encodes the whole 4,000-SKU snapshot again on every poll
// instead of keeping the encoded buffer until the stock changes.
'use strict';
const fastify = require('fastify')();
const notepack = require('notepack.io');

const inventory = [];
for (let i = 0; i < 4000; i++) {
  inventory.push({ id: i, sku: `SKU-${String(i).padStart(6, '0')}`, name: `Product ${i}`, price: Math.round(i * 1.25) / 100,
    stock: { warehouse: `W${i % 7}`, qty: i % 300, reserved: i % 11 }, tags: ['pallet', `zone-${i % 12}`], updatedAt: '2024-05-01T10:00:00Z' });
}

fastify.get('/health', async () => 'ok');

fastify.get('/x', async (request, reply) => {
  const body = notepack.encode({ at: Date.now(), count: inventory.length, inventory });
  reply.type('application/msgpack');
  return body;
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
