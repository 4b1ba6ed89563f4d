// Fastify: a package registry shows each release's changelog, rendered from the Markdown the publisher
// uploaded with markdown-it 12.3.0 on every view. One release's notes hold a line with a run of 19,000
// spaces between two words and a hard line break (two trailing spaces) after it (CVE-2022-21670).
'use strict';
const fastify = require('fastify')();
const MarkdownIt = require('markdown-it');

const md = new MarkdownIt({ linkify: false });
const releases = [];
for (let i = 0; i < 12; i++) {
  releases.push({ version: `3.${i}.0`, notes: `## 3.${i}.0\n\n- Fixed the **retry** loop (#${400 + i})  \n- Added \`timeout\` option, see [docs](https://example.com/docs/${i})\n- Dropped Node ${14 + (i % 3)}\n\n> Upgrade notes: run \`npx migrate ${i}\`\n` });
}
releases[7].notes = `## 3.7.0\n\nPerformance${' '.repeat(19000)}fixes  \nand more\n`;

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request, reply) => {
  const html = releases.map((r) => md.render(r.notes)).join('\n<hr>\n');
  reply.type('text/html');
  return `<section class="changelog">${html}</section>`;
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
