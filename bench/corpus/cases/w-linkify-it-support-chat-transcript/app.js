// Fastify: a help desk shows a support chat's transcript with its links made clickable; /x finds the
// links of the whole 7,000-message transcript with linkify-it 5.0.0 on every view (ordinary messages).
'use strict';
const fastify = require('fastify')();
const LinkifyIt = require('linkify-it');

const linkify = new LinkifyIt();
let transcript = '';
for (let i = 0; i < 7000; i++) {
  transcript += `[${i}] ${i % 2 ? 'agent' : 'customer'}: see https://docs.example.com/guide/${i}#part and mail bob${i}@example.org or www.site${i}.net/page?x=${i} ok\n`;
}
const chats = new Map([['c-8812', transcript]]);

fastify.get('/health', async () => 'ok');
fastify.get('/x', async () => {
  const text = chats.get('c-8812');
  const links = linkify.match(text) || [];
  return { chat: 'c-8812', links: links.length, first: links[0] && links[0].url };
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
