// Plain node:http: a headless CMS's preview service. Editors' page layouts are stored as Vue 2 templates; /x renders
// a page preview by compiling the page's template with vue-template-compiler (HTML parser, optimiser, code
// generator) into render-function code, turning it into a function with new Function and running it against tiny
// string-building helpers. The page template never changes between previews, but it is compiled again every time.
'use strict';
const http = require('node:http');
const compiler = require('vue-template-compiler');

const pages = new Map(['home', 'sale'].map((slug, k) => {
  let tpl = '<div class="catalog">';
  for (let i = 0; i < 1000; i++) tpl += `<section v-if="sections[${(i + k) % 10}]" :class="{active: active===${i}}"><h2>{{ titles[${i % 5}] }}</h2><ul><li v-for="p in products" :key="p.id"><a :href="'/p/'+p.id">{{ p.name }}</a> <span v-if="p.sale">{{ p.price }}</span><em v-else>{{ p.was }}</em></li></ul></section>`;
  return [slug, `${tpl}</div>`];
}));
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const helpers = {
  _c: (tag, data, children) => { if (Array.isArray(data) || typeof data !== 'object') { children = data; data = {}; }
    const attrs = Object.entries((data && data.attrs) || {}).map(([k, v]) => ` ${k}="${esc(v)}"`).join('');
    return `<${tag}${data && data.staticClass ? ` class="${data.staticClass}"` : ''}${attrs}>${[].concat(children || []).flat(Infinity).join('')}</${tag}>`; },
  _v: (s) => s, _s: (v) => esc(v == null ? '' : v), _e: () => '', _l: (list, fn) => list.map(fn),
};
const data = { sections: Array.from({ length: 10 }, (_, i) => i % 3 !== 0), active: 7, titles: ['New', 'Garden', 'Tools', 'Deals', 'Kitchen'],
  products: Array.from({ length: 2 }, (_, i) => ({ id: i, name: `Item ${i}`, sale: i % 2 === 0, price: '9.99', was: '12.99' })) };

http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') return res.end('{"ok":true}');
  if (url.pathname !== '/x') { res.statusCode = 404; return res.end(); }
  const template = pages.get(url.searchParams.get('page')) || pages.get('home');
  const { render } = compiler.compile(template);
  const html = new Function(render).call({ ...helpers, ...data });
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(html);
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
