// Fastify 5: a sign-in service's abuse desk. /x takes the 16 addresses that hit the login endpoint most in the last
// minute and checks each against the threat-intel blocklist (1,500 CIDR ranges from the feed the team imports) with
// ip-range-check, to show which are already blocked. ip-range-check is a thin wrapper: for every range it re-parses
// the address (ipaddr.process) and the CIDR string (ipaddr.parseCIDR) with ipaddr.js, its own dependency, before
// matching. Most addresses are in no range, so each is checked against all 1,500. Data made at start-up.
'use strict';
const fastify = require('fastify')({ logger: false });
const ipRangeCheck = require('ip-range-check');

const blocklist = Array.from({ length: 1500 }, (_, i) => `${11 + (i % 180)}.${(i * 37) % 256}.${(i * 11) % 256}.0/${i % 3 ? 24 : 22}`);
const loginHits = Array.from({ length: 16 }, (_, i) => ({
  ip: i === 5 ? '23.74.132.9' : `${193 + (i % 30)}.${(i * 13) % 256}.${(i * 29) % 256}.${10 + i}`, attempts: 240 - i * 11, distinctUsers: 3 + (i % 7),
}));

fastify.get('/health', async () => 'ok');
fastify.get('/x', async () => {
  const rows = [];
  for (const hit of loginHits) {
    const blocked = ipRangeCheck(hit.ip, blocklist);
    rows.push({ ...hit, blocked, action: blocked ? 'drop' : hit.attempts > 150 ? 'challenge' : 'watch' });
  }
  return { window: '60s', ranges: blocklist.length, rows };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
