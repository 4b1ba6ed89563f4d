// Fastify: a CMS delivery endpoint serves a published page (the editor's HTML, stored as saved) and
// minifies it with @swc/html before it goes to the CDN.
import Fastify from 'fastify';
import { minifySync } from '@swc/html';

function publishedPage(rows) {
  let body = '';
  for (let i = 0; i < rows; i++) {
    body += `  <tr class="row ${i % 2 ? 'odd' : 'even'}" data-id="${i}">\n    <td class="sku">  SKU-${i}  </td>\n` +
      `    <td class="name"> <a href="/products/${i}?ref=list" title="Product ${i}">Product   number ${i}</a> </td>\n` +
      `    <td class="price" style="text-align: right;  color: #333333;"> ${(i * 1.37).toFixed(2)} EUR </td>\n    <!-- row ${i} -->\n  </tr>\n`;
  }
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Spring catalogue</title>\n` +
    `<style>\n  body { margin: 0px; font-family: sans-serif; }\n  .odd { background-color: #ffffff; }\n</style>\n` +
    `<script>\n  window.addEventListener('load', function () { document.body.classList.add('ready'); });\n</script>\n` +
    `</head>\n<body>\n<table>\n${body}</table>\n</body>\n</html>\n`;
}
const pages = new Map([['spring-catalogue', publishedPage(2200)]]);

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/x', async (req, reply) => {
  const { code } = minifySync(pages.get('spring-catalogue'), { collapseWhitespaces: 'smart', removeComments: true, minifyCss: true, minifyJs: true });
  return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=60').send(code);
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
