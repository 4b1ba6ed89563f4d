// Koa: a developer portal stores its guides as Markdown and renders them with commonmark.js (the reference
// CommonMark implementation) when a page is requested. The integration guide has grown to 610 KB: 1,000 sections
// with lists, code samples, block quotes and reference links. /x parses and renders it on every request.
'use strict';
const Koa = require('koa');
const commonmark = require('commonmark');

const guide = Array.from({ length: 1000 }, (_, i) => `## Step ${i}: configure the ${['webhook', 'client', 'token', 'retry'][i % 4]} settings\n\n` +
  `Set the *${i % 2 ? 'sandbox' : 'live'}* key in **your dashboard** and call the [endpoint](https://docs.example.com/api/${i}) with \`limit=${i % 50}\`; ` +
  `the response carries a cursor for the next page, described in [the pagination notes][ref${i}]. Retries use _exponential_ back-off.\n\n[ref${i}]: https://docs.example.com/pagination#${i}\n\n` +
  `- create the client\n- set the timeout to ${1000 + i} ms\n  - optional: a proxy\n- call \`list()\`\n\n` +
  '```js\n' + `const page = await client.items.list({ page: ${i}, limit: 50 });\nfor (const item of page.data) console.log(item.id);\n` + '```\n\n' +
  `> Note: version ${i % 5}.x deprecates the \`offset\` parameter.\n`).join('\n');
const pages = new Map([['integration-guide', guide]]);

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.body = 'ok';
  } else if (ctx.path === '/x') {
    const source = pages.get(String(ctx.query.page || 'integration-guide'));
    const html = new commonmark.HtmlRenderer({ safe: true }).render(new commonmark.Parser({ smart: true }).parse(source));
    ctx.type = 'html';
    ctx.body = `<!doctype html><html><head><title>Guide</title></head><body><main>${html}</main></body></html>`;
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
