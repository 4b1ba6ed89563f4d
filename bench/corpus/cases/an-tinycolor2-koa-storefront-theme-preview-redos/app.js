// Koa: the storefront builder of a hosted-shop platform. The theme editor's live preview asks /x for the
// resolved design tokens of a shop's saved theme: the app's resolveTokens helper parses each colour token with
// tinycolor2 (the colour library many colour pickers ship), computes its hover shade and its contrast against the
// background. One merchant imported a theme from a pasted stylesheet, and its "accent" token kept a run of 14,000
// spaces before a stray ';'. tinycolor2 trims every input with /\s+$/, which backtracks quadratically on such a
// run (1.4.1 here; later releases keep the same trim).
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const tinycolor = require('tinycolor2');

const base = { background: '#ffffff', surface: '#f6f7f9', text: '#1f2933', muted: 'rgb(107, 114, 128)', primary: '#1e88e5', success: 'hsl(142, 71%, 45%)',
  warning: '#f59e0b', danger: '#dc2626', link: '#2563eb', border: 'rgba(15, 23, 42, 0.12)', focus: 'hsla(217, 91%, 60%, 0.5)', badge: 'teal' };
const themes = new Map([
  ['shop_aurora', { ...base, primary: '#7c3aed', accent: '#f472b6' }],
  ['shop_kettle', { ...base, primary: '#b45309', accent: `#0ea5e9${' '.repeat(14000)};` }],
]);

function resolveTokens(tokens) {
  const bg = tinycolor(tokens.background);
  const out = {};
  for (const [name, value] of Object.entries(tokens)) {
    const c = tinycolor(value);
    out[name] = c.isValid() ? { hex: c.toHexString(), hover: c.clone().darken(8).toHexString(), contrast: Number(tinycolor.readability(c, bg).toFixed(2)) } : { invalid: true };
  }
  return out;
}

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const shop = ctx.query.shop || 'shop_kettle';
  ctx.body = { shop, tokens: resolveTokens(themes.get(shop) || base) };
});

const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
