// Control: a hapi storefront account page API behind the usual plugins: request logging (hapi-pino),
// a cookie session (yar, sealed with iron), and CSRF tokens (crumb). The handler reads the cart from
// the session, records the page view in it and answers the 20 newest orders from an in-memory table.
'use strict';
const Hapi = require('@hapi/hapi');
const Yar = require('@hapi/yar');
const Crumb = require('@hapi/crumb');
const HapiPino = require('hapi-pino');

const orders = Array.from({ length: 5000 }, (_, i) => ({
  id: `ord_${50000 - i}`,
  placedAt: new Date(Date.UTC(2026, 2, 1) - i * 3600e3).toISOString(),
  status: ['paid', 'shipped', 'delivered'][i % 3],
  total: Math.round(((i * 7919) % 40000) / 3) / 100,
}));

async function start() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  await server.register([
    { plugin: HapiPino, options: { logEvents: ['response'], level: 'info' } },
    { plugin: Yar, options: { name: 'sid', cookieOptions: { password: 'a-32-character-cookie-password-for-yar!', isSecure: false, isSameSite: 'Lax' } } },
    { plugin: Crumb, options: { cookieOptions: { isSecure: false } } },
  ]);
  server.route({ method: 'GET', path: '/health', options: { plugins: { crumb: false } }, handler: () => 'ok' });
  server.route({
    method: 'GET',
    path: '/x',
    handler: (request) => {
      const cart = request.yar.get('cart') || { items: [] };
      request.yar.set('lastSeen', { page: 'account', at: Date.now() });
      return { cartItems: cart.items.length, orders: orders.slice(0, 20), crumb: request.plugins.crumb };
    },
  });
  await server.start();
}
start();
