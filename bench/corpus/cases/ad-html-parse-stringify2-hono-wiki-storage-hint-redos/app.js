// Hono on @hono/node-server: a warehouse app renders its translated storage hints on the server. Hint
// strings carry numbered rich-text tags (<1>...</1>) that the server turns into an element tree with
// html-parse-stringify2 2.0.1, the parser react-i18next 11 ships for <Trans>. The German hints were
// imported from the old MediaWiki, so they keep its '''bold''' markup; one hint (made here at
// start-up) has a bare '<' ("< 5 °C") followed by eight bold phrases and no '>'.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const HTML = require('html-parse-stringify2');

const words = ['Speichern', 'nicht', 'sofort', 'Kühlkette', 'Charge', 'Etikett', 'immer', 'Lieferschein'];
const hints = {
  'de:cold-storage': `<1>Lagerhinweis</1> Bei Temperaturen < 5 °C gilt: ${words.map((w) => `'''${w}''' prüfen`).join(', ')}. Siehe SOP 4.2.`,
  'de:fragile': '<1>Zerbrechlich</1> Nicht stapeln, <2>max. 2 Lagen</2>.',
};

function toNodes(ast) {
  return ast.map((n) => (n.type === 'text' ? n.content : { tag: n.name, children: toNodes(n.children || []) }));
}

const app = new Hono();
app.get('/health', (c) => c.json({ ok: true }));
app.get('/x', (c) => {
  const key = c.req.query('key') || 'de:cold-storage';
  const ast = HTML.parse(hints[key]);
  return c.json({ key, nodes: toNodes(ast) });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
