// Fastify: the code-review service shows a file of a pull request at a given revision, syntax-highlighted
// with highlight.js for the web view (the file is the generated API handlers module, about 190 KB of
// TypeScript, held here as the blob the git store returns).
'use strict';
const fastify = require('fastify')();
const hljs = require('highlight.js');

let handlers = "import type { APIGatewayProxyEvent, Context } from 'aws-lambda';\nimport { HttpError, Result } from './http';\n\n";
for (let i = 0; i < 440; i++) {
  handlers += `/** Handler ${i}: validates the input and echoes a checksum. */\n` +
    `export async function handler${i}(event: APIGatewayProxyEvent, ctx: Context): Promise<Result<${i % 3 ? 'string' : 'number'}>> {\n` +
    `  const body = JSON.parse(event.body ?? '{}'); // input ${i}\n` +
    `  if (!body.id || body.id.length > 64) { throw new HttpError(400, \`bad id: \${body.id}\`); }\n` +
    `  return { statusCode: 200, body: JSON.stringify({ ok: true, n: ${i} * 2, valid: /^[a-z]+\\d*$/i.test(body.id) }) };\n}\n\n`;
}
const blobs = new Map([['a1b2c3d:src/handlers.ts', handlers]]);

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request, reply) => {
  const source = blobs.get('a1b2c3d:src/handlers.ts');
  const html = hljs.highlight(source, { language: 'typescript' }).value;
  reply.type('text/html');
  return `<pre><code class="hljs language-typescript">${html}</code></pre>`;
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
