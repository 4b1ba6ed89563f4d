// Express 4 (helmet, cors, compression, morgan to a null stream, express.json): a storefront builder. Each tenant's
// theme ships its custom widgets as one TSX module (here 800 widget components, ~610 KB); the theme editor's live
// preview (/x) asks for the compiled module, and the handler compiles the TSX to minified JavaScript with
// esbuild.transformSync on every preview refresh. transformSync hands the source to esbuild's Go service on a helper
// thread and parks the main thread (Atomics.wait) until the result comes back.
'use strict';
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const esbuild = require('esbuild');

function widgetModule(count) {
  const parts = [`import { h, Fragment } from 'preact';`];
  for (let i = 0; i < count; i++) {
    parts.push(`
export interface Props${i} { title: string; items: Array<{ id: number; label: string; price: number }>; currency?: 'EUR' | 'USD'; onSelect?: (id: number) => void }
export function Widget${i}({ title, items, currency = 'EUR', onSelect }: Props${i}) {
  const total = items.reduce((sum, it) => sum + it.price, 0);
  const fmt = (v: number): string => new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(v / 100);
  return (<section class="widget widget-${i}"><h2>{title}</h2><ul>{items.filter((it) => it.price > ${i % 50}).map((it) => (
    <li key={it.id} onClick={() => onSelect?.(it.id)} class={it.price > 1000 ? 'premium' : 'standard'}>{it.label} <b>{fmt(it.price)}</b></li>))}</ul>
    <footer>{items.length} items, total {fmt(total)}</footer></section>);
}`);
  }
  return parts.join('\n');
}
const themes = new Map([['t_8812', { id: 't_8812', revision: 57, source: widgetModule(800) }]]);

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://builder.example.com' }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.use(express.json());
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const theme = themes.get(req.query.theme || 't_8812');
  const out = esbuild.transformSync(theme.source, { loader: 'tsx', jsx: 'automatic', jsxImportSource: 'preact', minify: true, target: 'es2019', sourcefile: `theme-${theme.id}.tsx` });
  res.type('application/javascript').set('x-theme-revision', String(theme.revision)).send(out.code);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
