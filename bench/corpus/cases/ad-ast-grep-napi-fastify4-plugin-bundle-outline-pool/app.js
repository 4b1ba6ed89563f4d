// Fastify 4: a plugin marketplace's review queue. Reviewers open a submitted plugin and see an outline of
// its bundle; /x parses the bundle (~500 KB of JavaScript, made here at start-up) with @ast-grep/napi's
// parseAsync, whose tree-sitter parse runs in a napi AsyncTask on one of libuv's 4 pool threads
// (~0.25 s a bundle) while the loop only awaits, then lists the first 40 top-level statements.
// 16 reviewers at once; /health reads a 1 KB status file through the pool.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const fastify = require('fastify')({ logger: false });
const { parseAsync, Lang } = require('@ast-grep/napi');

const statusFile = path.join(__dirname, 'status.json');
const parts = [];
for (let i = 0; i < 2200; i++) {
  parts.push(`export function handler${i}(req, res) { const { id, name } = req.params; if (id > ${i}) { return res.json({ id, name: name.trim(), total: ${i} * 1.2 }); } return items.filter((x) => x.k === ${i}).map((x) => ({ ...x, seen: true })); }`);
}
const bundle = parts.join('\n');

fastify.get('/health', async (request, reply) => {
  reply.type('application/json');
  return fs.promises.readFile(statusFile);
});
fastify.get('/x', async () => {
  const root = await parseAsync(Lang.JavaScript, bundle);
  const program = root.root();
  const top = Array.from({ length: 40 }, (_, i) => program.child(i)).filter(Boolean).map((n) => ({ kind: n.kind(), line: n.range().start.line + 1 }));
  return { bytes: bundle.length, outline: top };
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
