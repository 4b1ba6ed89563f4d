// Fastify: a headless-CMS "custom scripts" preview endpoint minifies the script bundle a site's editor
// saved (1.3 MB of plain ES2020, vendored widgets included) with oxc-minify before serving it, on every
// request, through the synchronous minifySync.
import Fastify from 'fastify';
import { minifySync } from 'oxc-minify';

let draft = '';
for (let i = 0; i < 3000; i++) {
  draft += `export function widget${i}(root, options = {}) {\n  const settings = { id: ${i}, label: 'Widget ${i}', ...options };\n` +
    `  const items = Array.from(root.querySelectorAll('[data-w="${i}"]')).map((el, index) => ({ el, index, weight: index * ${(i % 13) + 1} }));\n` +
    `  if (settings.debug) { console.log('widget', settings.id, items.length); }\n` +
    `  return items.filter((item) => item.weight % 2 === 0).map((item) => item.el.textContent.trim()).join(settings.sep ?? ', ');\n}\n`;
}
const drafts = new Map([['site-77', draft]]);

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/x', async (req, reply) => {
  const { code, errors } = minifySync('custom.js', drafts.get('site-77'), { module: true, compress: true, mangle: true });
  if (errors.length) return reply.code(422).send({ errors: errors.map((e) => e.message) });
  return reply.type('application/javascript').send(code);
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
