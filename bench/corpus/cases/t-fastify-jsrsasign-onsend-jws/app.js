// Fastify 5: a bank's open-banking API, whose partners require every response to carry a detached JWS of
// its body (RS256, the "x-jws-signature" header). The team signs in an onSend hook, so each route returns its
// data and the hook signs the serialized payload with jsrsasign, the JOSE library their compliance checklist
// names, with the API's 3072-bit RSA key. /x returns an account's balance page. The key and the accounts are
// made at start-up.
'use strict';
const crypto = require('node:crypto');
const Fastify = require('fastify');
const { KJUR, KEYUTIL } = require('jsrsasign');

const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 3072, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const signingKey = KEYUTIL.getKey(privateKey);
const header = { alg: 'RS256', kid: 'obapi-2025-01', b64: false, crit: ['b64'] };
const accounts = Array.from({ length: 20 }, (_, i) => ({ id: `ACC-${i}`, iban: `DE89370400440532013${String(i).padStart(3, '0')}`, balance: { amount: (1000 + i * 13.7).toFixed(2), currency: 'EUR' } }));

const app = Fastify();
app.addHook('onSend', async (request, reply, payload) => {
  if (request.url === '/health' || typeof payload !== 'string') return payload;
  const jws = KJUR.jws.JWS.sign('RS256', JSON.stringify(header), payload, signingKey);
  reply.header('x-jws-signature', jws.replace(/\.[^.]*\./, '..'));
  return payload;
});
app.get('/health', async () => ({ status: 'ok' }));
app.get('/x', async () => ({ data: { accounts }, links: { self: '/accounts' }, meta: { totalPages: 1 } }));
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
