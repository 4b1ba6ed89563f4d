// Fastify 5 (ESM): a parcel carrier's depot API. Two calls of the depot's gateway are slow. /depot/tokens
// issues the short-lived access tokens of the depot's 12 handheld scanners for the telemetry service: a JWT
// each, RS256 with the depot's 4096-bit key, signed with @node-rs/jsonwebtoken's signSync. /depot/zones puts
// each of the 40 vans' last position into its delivery zone (12 zones, drawn as 160-point polygons) with
// geolib's isPointInPolygon, for the dispatcher's map. The key, the devices, the zones and the positions
// are made at start-up.
import crypto from 'node:crypto';
import Fastify from 'fastify';
import { signSync } from '@node-rs/jsonwebtoken';
import geolib from 'geolib';

const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 4096, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const devices = Array.from({ length: 12 }, (_, i) => ({ id: `HH-B07-${String(i + 1).padStart(3, '0')}`, route: `R${100 + i}` }));

let seed = 5;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const zones = Array.from({ length: 12 }, (_, z) => {
  const lat = 52.38 + (z % 4) * 0.06, lon = 13.25 + Math.floor(z / 4) * 0.1;
  return { name: `Z${z + 1}`, polygon: Array.from({ length: 160 }, (_, k) => {
    const a = (2 * Math.PI * k) / 160, r = 0.03 + 0.006 * Math.sin(7 * a);
    return { latitude: lat + r * Math.sin(a), longitude: lon + 1.6 * r * Math.cos(a) };
  }) };
});
const vans = Array.from({ length: 40 }, (_, i) => ({ plate: `B-PK ${1200 + i}`, at: { latitude: 52.36 + rnd() * 0.24, longitude: 13.2 + rnd() * 0.32 } }));

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/depot/tokens', async () => {
  const iat = Math.floor(Date.now() / 1000);
  const tokens = devices.map((d) => ({
    device: d.id,
    token: signSync({ sub: d.id, aud: 'telemetry', scope: 'scan:write position:write', route: d.route, iat, exp: iat + 900 }, privateKey, { algorithm: 'RS256', kid: 'depot-b07-2025' }),
  }));
  return { depot: 'B07', expiresIn: 900, tokens };
});
app.get('/depot/zones', async () => {
  const placed = vans.map((v) => {
    const zone = zones.find((z) => geolib.isPointInPolygon(v.at, z.polygon));
    return { plate: v.plate, zone: zone ? zone.name : null };
  });
  return { depot: 'B07', vans: placed, outside: placed.filter((p) => !p.zone).length };
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
