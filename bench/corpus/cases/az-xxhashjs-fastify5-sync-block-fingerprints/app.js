// Fastify 5: the sync backend of a desktop file-sync client (documents and design files shared by a team). Before it
// uploads a changed file, the client asks /files/:id/block-map for the stored revision's block fingerprints, so that
// it sends only the 64 KB blocks that differ. The handler computes each block's 64-bit xxHash with xxhashjs (a pure
// JavaScript xxHash, whose 64-bit arithmetic comes from its dependency cuint) over the whole 4.5 MB revision on every
// call. Files and their stored revisions are made at start-up, as the block store would hand them over.
'use strict';
const Fastify = require('fastify');
const XXH = require('xxhashjs');

const BLOCK = 64 * 1024;
const SEED = 0x5eed1234;
const files = new Map();
for (let f = 0; f < 6; f++) {
  const size = 4.5 * 1024 * 1024 + f * 7919;
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) data.writeUInt32LE((i * 2654435761 + f * 97) >>> 0, i - (i + 4 > size ? i + 4 - size : 0));
  files.set(`FL-${7700 + f}`, { id: `FL-${7700 + f}`, name: `brand-guidelines-v${f + 3}.indd`, revision: 40 + f, data });
}

function blockMap(file) {
  const blocks = [];
  for (let offset = 0; offset < file.data.length; offset += BLOCK) {
    const block = file.data.subarray(offset, Math.min(offset + BLOCK, file.data.length));
    blocks.push({ offset, length: block.length, xxh64: XXH.h64(block, SEED).toString(16).padStart(16, '0') });
  }
  return { file: file.id, revision: file.revision, blockSize: BLOCK, blocks };
}

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/files/:id/block-map', async (request, reply) => {
  const file = files.get(request.params.id);
  if (!file) return reply.code(404).send({ error: 'no such file' });
  return blockMap(file);
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
