// Express 5, bundled with esbuild as the team ships it: the translation service of a SaaS product. The product's UI
// strings live as one nested catalogue per locale (namespace > screen > component > key). The translators' to-do
// list (/locales/:locale/missing) compares the locale with the English source by flat "checkout.screen3.component1.
// label7" keys, so it flattens both whole catalogues with flat on every request and answers the few keys still
// untranslated. English and 5 locales of about 48,000 strings each are made at start-up.
'use strict';
const express = require('express');
const { flatten } = require('flat');

const NAMESPACES = ['checkout', 'catalogue', 'account', 'orders', 'support', 'billing', 'onboarding', 'settings', 'search', 'reviews', 'loyalty', 'shipping'];
function catalogue(locale) {
  const root = {};
  for (const ns of NAMESPACES) {
    root[ns] = {};
    for (let s = 0; s < 40; s++) {
      const screen = (root[ns][`screen${s}`] = {});
      for (let c = 0; c < 10; c++) {
        const component = (screen[`component${c}`] = {});
        for (let k = 0; k < 10; k++) if (locale === 'en' || (s * 7 + c * 3 + k) % 997) component[`label${k}`] = `[${locale}] ${ns} ${s}.${c}.${k}: Please check your details`;
      }
    }
  }
  return root;
}
const catalogues = new Map(['en', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL'].map((l) => [l, { version: '2025.06.3', strings: catalogue(l) }]));

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/locales/:locale/missing', (req, res) => {
  const entry = catalogues.get(req.params.locale);
  if (!entry) return res.status(404).json({ error: 'unknown locale' });
  const source = flatten(catalogues.get('en').strings);
  const target = flatten(entry.strings);
  const missing = Object.keys(source).filter((key) => !(key in target));
  res.json({ locale: req.params.locale, version: entry.version, total: Object.keys(source).length, missing: missing.map((key) => ({ key, source: source[key] })) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
