// koa: a vehicle-fleet telemetry gateway. Each device posts batches encoded with the fleet's protobuf schema and names
// the schema revision it was built against; the gateway keeps every revision's .proto text (the whole fleet API: 123
// messages and 25 enums in ~5,500 lines) and, for each batch, parses that text with protobufjs and looks the batch type up, so
// every batch tokenizes and parses the whole schema again and regenerates the decoder of the types it decodes.
// /x decodes the next buffered batch (240 samples) and summarizes it. Schemas and batches are made at start-up.
'use strict';
const Koa = require('koa');
const protobuf = require('protobufjs');

// the fleet API as the device team publishes it: common types, one module of messages per subsystem
function fleetProto(revision) {
  const out = [`syntax = "proto3";`, `package fleet.v${revision};`, ''];
  out.push(`message Position { double lat = 1; double lon = 2; float altitude_m = 3; float heading_deg = 4; float speed_kmh = 5; uint32 satellites = 6; float hdop = 7; }`);
  out.push(`enum Ignition { IGNITION_UNKNOWN = 0; IGNITION_OFF = 1; IGNITION_ACC = 2; IGNITION_ON = 3; }`);
  const subsystems = ['engine', 'battery', 'tyres', 'brakes', 'cargo', 'door', 'driver', 'hvac', 'tacho', 'fuel', 'adas', 'camera',
    'trailer', 'reefer', 'modem', 'gnss', 'canbus', 'alarm', 'lift', 'pto', 'axle', 'weigh', 'toll', 'lights'];
  for (const s of subsystems) {
    const S = s[0].toUpperCase() + s.slice(1);
    out.push(`// ${s} subsystem`);
    out.push(`enum ${S}State { ${s.toUpperCase()}_UNKNOWN = 0; ${s.toUpperCase()}_OK = 1; ${s.toUpperCase()}_WARN = 2; ${s.toUpperCase()}_FAULT = 3; }`);
    for (const kind of ['Reading', 'Fault', 'Config', 'Counter', 'Event']) {
      out.push(`message ${S}${kind} {`);
      out.push(`  // ${kind.toLowerCase()} of the ${s} controller`);
      for (let f = 1; f <= 40; f++) {
        const type = ['uint32', 'sint32', 'float', 'double', 'string', 'bool', 'uint64', 'fixed32'][f % 8];
        out.push(`  ${f % 9 === 0 ? 'repeated ' : ''}${type} ${s}_${kind.toLowerCase()}_field_${f} = ${f}${type === 'uint32' && f % 3 === 0 ? ' [deprecated = true]' : ''};`);
      }
      out.push(`  ${S}State state = 41;`, `  uint64 at_ms = 42;`, '}');
    }
  }
  out.push(`message Sample { uint64 at_ms = 1; Position position = 2; Ignition ignition = 3; EngineReading engine = 4; BatteryReading battery = 5; FuelReading fuel = 6; repeated string tags = 7; }`);
  out.push(`message TelemetryBatch { string device_id = 1; string firmware = 2; uint32 sequence = 3; repeated Sample samples = 4; map<string, string> labels = 5; }`);
  return out.join('\n');
}
const schemas = new Map([41, 42, 43].map((r) => [r, fleetProto(r)]));

// the buffered batches, as devices sent them (encoded once here with the revision's own types)
const batches = [];
for (const revision of [41, 42, 43]) {
  const Batch = protobuf.parse(schemas.get(revision)).root.lookupType(`fleet.v${revision}.TelemetryBatch`);
  for (let d = 0; d < 20; d++) {
    const samples = Array.from({ length: 240 }, (_, i) => ({ atMs: 1733000000000 + i * 5000,
      position: { lat: 51.9 + i / 1e4, lon: 4.4 + d / 1e3, altitudeM: 3, headingDeg: i % 360, speedKmh: 60 + (i % 30), satellites: 9, hdop: 0.9 },
      ignition: 3, engine: { engineReadingField_1: 1800 + i, engineReadingField_2: -4, engineReadingField_3: 87.5, state: 1, atMs: 1733000000000 + i * 5000 },
      battery: { batteryReadingField_3: 13.8, state: 1 }, fuel: { fuelReadingField_3: 61.2, fuelReadingField_4: 'tank-a', state: 1 }, tags: ['route-7'] }));
    batches.push({ revision, payload: Batch.encode({ deviceId: `TRK-${revision}-${d}`, firmware: `4.${revision}.2`, sequence: d, samples,
      labels: { depot: 'rotterdam' } }).finish() });
  }
}
let next = 0;

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const { revision, payload } = batches[next++ % batches.length];
  const { root } = protobuf.parse(schemas.get(revision));
  const batch = root.lookupType(`fleet.v${revision}.TelemetryBatch`).decode(payload);
  let maxSpeed = 0, distanceHint = 0;
  for (const s of batch.samples) { maxSpeed = Math.max(maxSpeed, s.position.speedKmh); distanceHint += s.position.speedKmh * 5 / 3600; }
  ctx.body = { device: batch.deviceId, revision, samples: batch.samples.length, maxSpeed, km: Math.round(distanceHint * 10) / 10 };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
