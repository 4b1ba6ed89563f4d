// fastify 5: the developer portal of a payments API. Merchants register webhook endpoints with a signing secret of
// their own (the portal lets them bring the secret their receiver already uses); the security page
// (/merchants/:id/webhooks/secret-audit) flags weak secrets by scoring each endpoint's secret with zxcvbn, with the
// merchant's name and domain as user inputs, on every view. zxcvbn matches every substring of its input against its
// frequency dictionaries and their l33t-speak variants, so its cost grows faster than the square of the length, and
// the secrets merchants paste are 24 to 80 random characters. Merchants and endpoints are made at start-up.
'use strict';
const crypto = require('node:crypto');
const fastify = require('fastify');
const zxcvbn = require('zxcvbn');

const secretOf = (seed, length, encoding) => crypto.createHash('sha512').update(seed).digest(encoding).repeat(3).slice(0, length);
const merchants = new Map(['Nordlicht Outdoor', 'Casa Verde Living', 'Tidewater Books'].map((name, m) => {
  const id = `mer_${5100 + m}`;
  const domain = `${name.toLowerCase().replace(/\s+/g, '-')}.example`;
  const endpoints = [['orders', 32, 'base64'], ['erp-sync', 48, 'hex'], ['fulfilment', 64, 'base64'], ['crm', 24, 'base64url'], ['accounting', 80, 'base64'], ['analytics', 40, 'hex']]
    .map(([purpose, length, encoding], k) => ({ id: `we_${m}${k}${1000 + k * 7}`, url: `https://${domain}/hooks/${purpose}`, purpose, secret: secretOf(`${id}:${purpose}`, length, encoding), createdAt: `2025-0${1 + k}-1${m}` }));
  endpoints.push({ id: `we_${m}9legacy`, url: `https://${domain}/legacy/webhook`, purpose: 'legacy', secret: `${name.split(' ')[0].toLowerCase()}2019!`, createdAt: '2019-11-04' });
  return [id, { id, name, domain, endpoints }];
}));

const verdict = (score) => ['very weak', 'weak', 'fair', 'strong', 'very strong'][score];
function auditSecret(merchant, endpoint) {
  const result = zxcvbn(endpoint.secret, [merchant.name, ...merchant.name.split(' '), merchant.domain]);
  return { endpoint: endpoint.id, url: endpoint.url, length: endpoint.secret.length, score: result.score, verdict: verdict(result.score), guessesLog10: Math.round(result.guesses_log10 * 10) / 10, warning: result.feedback.warning || null };
}

const app = fastify({ logger: false });
app.get('/health', async () => 'ok');
app.get('/merchants/:id/webhooks/secret-audit', async (req, reply) => {
  const merchant = merchants.get(req.params.id);
  if (!merchant) return reply.code(404).send({ error: 'unknown merchant' });
  const endpoints = merchant.endpoints.map((endpoint) => auditSecret(merchant, endpoint));
  return { merchant: merchant.id, endpoints, weak: endpoints.filter((e) => e.score < 3).map((e) => e.endpoint) };
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
