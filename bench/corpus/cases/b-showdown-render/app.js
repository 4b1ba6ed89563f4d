// Polka: a docs site renders the changelog page (Markdown, about 30 KB) to HTML with showdown on
// every request.
'use strict';
const polka = require('polka');
const showdown = require('showdown');

const converter = new showdown.Converter({ tables: true, ghCodeBlocks: true, tasklists: true });
const changelog = Array.from({ length: 250 }, (_, i) => `## 4.${250 - i}.0\n\nFixed *${i} things* in the [router](https://docs.local/r/${i}) and \`cache.get()\`.\n\n- [x] item a\n- [ ] item b\n\n> upgrade note ${i}\n`).join('\n');

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const html = converter.makeHtml(changelog);
    res.setHeader('Content-Type', 'text/html');
    res.end(`<!doctype html><main>${html}</main>`);
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
