// Express: a help centre serves articles stored as the CMS's rendered HTML. /x returns an article's table of
// contents and reading time for the sidebar: the service parses the stored page with parse5 (the WHATWG parser
// the rendering pipeline already uses) on every request and walks the tree for its headings and text. The
// release-notes article has grown to a 670 KB page of 320 sections with tables and code samples.
'use strict';
const express = require('express');
const { parse } = require('parse5');

const sections = [];
for (let s = 0; s < 320; s++) {
  const rows = Array.from({ length: 12 }, (_, r) => `<tr><td>API-${s}-${r}</td><td><code>GET /v2/items/${r}</code></td><td>changed</td><td>Rate limit raised to ${100 + r} per minute</td></tr>`).join('');
  sections.push(`<section id="s${s}"><h2>Release 24.${s}</h2><p class="lead">This release changes <strong>${s % 7 + 1}</strong> endpoints and fixes ${s % 11} issues in the <a href="/docs/sync">sync API</a>.</p>` +
    `<h3>Changes</h3><table><thead><tr><th>Id</th><th>Endpoint</th><th>Kind</th><th>Note</th></tr></thead><tbody>${rows}</tbody></table>` +
    `<h3>Example</h3><pre><code class="language-js">const res = await client.items.list({ page: ${s}, limit: 50 });\nfor (const item of res.data) console.log(item.id);</code></pre>` +
    `<ul><li>Pagination now returns a cursor</li><li>Webhooks carry a delivery id</li><li>Deprecated fields are removed in 25.0</li></ul></section>`);
}
const pages = new Map([['release-notes', `<!DOCTYPE html><html><head><title>Release notes</title></head><body><main><article>${sections.join('\n')}</article></main></body></html>`]]);

function tableOfContents(document) {
  const toc = [];
  let words = 0;
  const stack = [document];
  while (stack.length) {
    const node = stack.pop();
    if (node.nodeName === '#text') words += node.value.split(/\s+/).length;
    else if ((node.nodeName === 'h2' || node.nodeName === 'h3') && node.childNodes[0]) toc.push({ level: node.nodeName, title: node.childNodes[0].value });
    if (node.childNodes) for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  return { toc, minutes: Math.ceil(words / 230) };
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const html = pages.get(String(req.query.slug || 'release-notes'));
  const document = parse(html);
  const { toc, minutes } = tableOfContents(document);
  res.json({ headings: toc.length, minutes, first: toc.slice(0, 5) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
