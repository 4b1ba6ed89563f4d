// Hono: the document store keeps uploads in an S3-compatible bucket and checks each stored object against
// the bucket's ETag before it serves a download. For multipart uploads the ETag is the MD5 of the parts'
// MD5s and the part count, which the service computes with spark-md5 (the hasher its browser uploader
// already uses). /x verifies the next document: 12 MB in 5 MB parts (the documents are made at start-up).
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const SparkMD5 = require('spark-md5');

const PART = 5 * 1024 * 1024;
const documents = Array.from({ length: 3 }, (_, d) => {
  const body = Buffer.alloc(12 * 1024 * 1024);
  for (let i = 0; i < body.length; i += 4) body.writeUInt32LE((i * 2654435761 + d) >>> 0, i);
  return { key: `contracts/2025/${d}.pdf`, body };
});
let next = 0;

function multipartEtag(body) {
  const partDigests = [];
  for (let off = 0; off < body.length; off += PART) {
    const part = body.subarray(off, Math.min(off + PART, body.length));
    partDigests.push(SparkMD5.ArrayBuffer.hash(part.buffer.slice(part.byteOffset, part.byteOffset + part.length), true));
  }
  return `${SparkMD5.hashBinary(partDigests.join(''))}-${partDigests.length}`;
}

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const doc = documents[next++ % documents.length];
  const etag = multipartEtag(doc.body);
  return c.json({ key: doc.key, bytes: doc.body.length, etag });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
