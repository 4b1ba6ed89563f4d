// Express: a site builder serves each site's stylesheet: the theme's CSS plus the custom CSS the site
// owner pasted into the design editor, run through postcss with a plugin that scopes every selector
// under the site's root class. Site 311's custom CSS came from a free-tier account.
'use strict';
const express = require('express');
const postcss = require('postcss');

const themeCss = Array.from({ length: 120 }, (_, i) => `.block-${i} { margin: 0 0 ${i % 24}px; color: #${(0x334455 + i * 97).toString(16).slice(-6)}; }`).join('\n');
const customCss = new Map([
  ['site-204', '.hero { background: #f4efe6; }\n.cta:hover { color: #b3261e; }\n'],
  ['site-311', '.hero{color:#222}\n' + '/*# sourceMappingURL='.repeat(2700) + '\n*/\n.footer { margin: 0; }\n'],
]);

const scopeTo = (root) => ({
  postcssPlugin: 'scope-to-site',
  Rule(rule) {
    if (!rule.selector.startsWith(root)) rule.selectors = rule.selectors.map((s) => `${root} ${s}`);
  },
});

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const site = 'site-311';
  const result = postcss([scopeTo(`.${site}`)]).process(`${themeCss}\n${customCss.get(site)}`, { from: undefined });
  res.type('css').send(result.css);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
