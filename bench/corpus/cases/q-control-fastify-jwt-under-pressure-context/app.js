// control: Fastify 5: the notifications API behind the team's usual plugins: @fastify/under-pressure (event
// loop delay, heap and ELU limits, 503 when exceeded), @fastify/request-context (the request id and tenant for
// the logs and the data layer), @fastify/accepts (JSON or a small HTML fragment) and @fastify/jwt (HS256: a
// bearer token is verified when one is sent; /x also hands back a refreshed 15-minute token). /x returns the
// latest 20 notifications of the tenant from the in-memory store.
'use strict';
const fastify = require('fastify')();

const notifications = Array.from({ length: 2000 }, (_, i) => ({ id: `N-${900000 + i}`, tenant: `t-${i % 12}`, kind: ['order', 'invoice', 'ticket'][i % 3], text: `Update ${i} for your ${['order', 'invoice', 'ticket'][i % 3]}`, at: new Date(Date.UTC(2025, 2, 1, 0, i % 60)).toISOString() }));

fastify.register(require('@fastify/under-pressure'), { maxEventLoopDelay: 1000, maxHeapUsedBytes: 1024 * 1024 * 1024, maxEventLoopUtilization: 0.98 });
fastify.register(require('@fastify/request-context'), { defaultStoreValues: { tenant: 't-0' } });
fastify.register(require('@fastify/accepts'));
fastify.register(require('@fastify/jwt'), { secret: 'notifications-api-signing-secret-32b!' });

fastify.addHook('onRequest', async (request) => {
  request.requestContext.set('requestId', request.id);
  if (request.headers.authorization) {
    const claims = await request.jwtVerify();
    request.requestContext.set('tenant', claims.tenant);
  }
});

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request, reply) => {
  const tenant = request.requestContext.get('tenant');
  const latest = [];
  for (let i = notifications.length - 1; i >= 0 && latest.length < 20; i--) if (notifications[i].tenant === tenant) latest.push(notifications[i]);
  const token = await reply.jwtSign({ sub: 'guest', tenant }, { expiresIn: '15m' });
  if (request.accepts().type(['json', 'html']) === 'html') return reply.type('text/html').send(latest.map((n) => `<li>${n.text}</li>`).join(''));
  return { tenant, requestId: request.requestContext.get('requestId'), token, notifications: latest };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
