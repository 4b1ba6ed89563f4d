// Fastify 5: a file-sharing service sets each download's Content-Type from the stored file name with
// mime 1.3.4 (the version older send/serve-static trees pin). One stored upload has a crafted name:
// 13,500 characters with no dot or slash, kept from its upload request.
'use strict';
const fastify = require('fastify')();
const mime = require('mime');

const upload = { id: 'f-2291', name: 'report' + 'x'.repeat(13500), size: 48213 };

fastify.get('/health', async () => 'ok');

fastify.get('/x', async (request, reply) => {
  const type = mime.lookup(upload.name);
  reply.header('Content-Type', 'application/json');
  return { id: upload.id, type, size: upload.size };
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
