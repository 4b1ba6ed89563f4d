// Koa: a code-sharing site renders a gist page with its JavaScript file highlighted on the server by
// Prism (prismjs 1.29.0) on every view; the file is a 160 KB generated API client, held here as the
// stored blob made at start-up.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const Prism = require('prismjs');

let source = "'use strict';\nimport { request } from './http.js';\n\n";
for (let i = 0; i < 400; i++) {
  source += `// step ${i}: fetch and merge the page\nexport async function load${i}(client, opts = {}) {\n  const url = \`/api/v2/items/\${opts.id ?? ${i}}?page=${i}\`;\n  const res = await client.get(url, { timeout: ${i * 10}, retry: true });\n  if (!res.ok || res.status >= 400) throw new Error('failed ' + res.status);\n  return res.data.items.filter((x) => /^item-\\d+$/.test(x.id)).map((x) => ({ ...x, n: x.n * 2 }));\n}\n\n`;
}
const gists = new Map([['9f3c2a', { file: 'client.js', source }]]);

const app = new Koa();
const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const gist = gists.get('9f3c2a');
  const html = Prism.highlight(gist.source, Prism.languages.javascript, 'javascript');
  ctx.type = 'text/html';
  ctx.body = `<h1>${gist.file}</h1><pre class="language-javascript"><code>${html}</code></pre>`;
});
app.use(router.routes());

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
