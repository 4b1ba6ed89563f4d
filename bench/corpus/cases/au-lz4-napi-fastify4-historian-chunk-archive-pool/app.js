// Fastify 4: the archive service of an industrial-IoT historian. Each plant's sensor samples are kept in hourly
// chunks (int64 timestamps then float64 values, 2 million samples, 32 MB); when a chunk is sealed, the cold-tier
// job (/plants/:plant/chunks/latest/archive) packs it into an LZ4 frame with lz4-napi's compressFrame, a native
// napi-rs task that runs on libuv's thread pool (about 100-250 ms a chunk on this machine) while the loop only hands
// over the buffer and records the result. After an outage the sealing backlog sends many archive calls at once;
// /health reads a 1 KB status file through the same pool. The chunks are made at start-up.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const fastify = require('fastify')({ logger: false });
const lz4 = require('lz4-napi');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'historian-'));
const statusFile = path.join(dir, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'historian-archive', site: 'plant-eu-2', pad: 'x'.repeat(935) }));

const SAMPLES = 2_000_000;
function sealedChunk(plant, k) {
  const ts = new BigInt64Array(SAMPLES);
  const values = new Float64Array(SAMPLES);
  const t0 = BigInt(Date.UTC(2025, 5, 16, 8)) * 1000n; // microseconds
  for (let i = 0; i < SAMPLES; i++) {
    ts[i] = t0 + BigInt(i * 1200);
    values[i] = Math.round((60 + 12 * Math.sin((i + k * 977) / 4000) + ((i * 7919) % 17) / 10) * 10) / 10; // a kiln temperature, 0.1 °C steps
  }
  return { plant, id: `${plant}-2025-06-16T08`, samples: SAMPLES, bytes: Buffer.concat([Buffer.from(ts.buffer), Buffer.from(values.buffer)]) };
}
const latest = new Map(['kiln-line-1', 'kiln-line-2'].map((plant, k) => [plant, sealedChunk(plant, k)]));
const coldTier = new Map();

fastify.get('/health', async (req, reply) => reply.type('application/json').send(await fs.promises.readFile(statusFile)));
fastify.get('/plants/:plant/chunks/latest/archive', async (req, reply) => {
  const chunk = latest.get(req.params.plant);
  if (!chunk) return reply.code(404).send({ error: 'unknown plant' });
  const frame = await lz4.compressFrame(chunk.bytes);
  coldTier.set(chunk.id, { frame, archivedAt: new Date().toISOString() });
  return { chunk: chunk.id, samples: chunk.samples, bytes: chunk.bytes.length, lz4: frame.length, ratio: Math.round((chunk.bytes.length / frame.length) * 100) / 100 };
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
process.on('SIGTERM', () => process.exit(0));
