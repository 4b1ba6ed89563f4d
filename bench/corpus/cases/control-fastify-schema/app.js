// Control: fastify serializing 100 items through a response schema (fast-json-stringify).
'use strict';
const fastify = require('fastify')();

const items = [];
for (let i = 0; i < 100; i++) items.push({ id: i, title: `Item ${i}`, price: i * 1.25, tags: ['new', 'sale'] });

const schema = {
  response: {
    200: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' }, price: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } } },
        },
      },
    },
  },
};

fastify.get('/health', async () => 'ok');
fastify.get('/x', { schema }, async () => ({ items }));

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
