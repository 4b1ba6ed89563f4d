// Fastify docs site that renders a long Markdown page with markdown-it on every request.
'use strict';
const fastify = require('fastify')();
const MarkdownIt = require('markdown-it');

const md = new MarkdownIt();
let page = '# Handbook\n\n';
for (let i = 0; i < 4000; i++) {
  page += `## Section ${i}\n\nSome *emphasis* and **strong** text with a [link](https://example.com/${i}) and \`code\`.\n\n- item one\n- item two\n\n`;
}

fastify.get('/health', async () => 'ok');

fastify.get('/x', async (request, reply) => {
  const html = md.render(page);
  reply.type('text/html');
  return html;
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
