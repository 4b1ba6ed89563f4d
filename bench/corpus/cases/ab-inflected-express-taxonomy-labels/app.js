// Express 5: a storefront CMS's taxonomy API. The merchandising team keeps 7,500 product-type nouns ("garden
// bench", "wine glass", ...); /x returns the storefront's menu data, and every entry's labels are derived on each
// request with inflected (the Rails inflector port): the plural label, the singular, a URL slug and the class
// name the templates use. Ordinary English nouns, made at start-up.
'use strict';
const express = require('express');
const Inflector = require('inflected');

const heads = ['bench', 'glass', 'box', 'knife', 'mouse pad', 'cactus', 'person', 'child seat', 'leaf blower', 'analysis kit', 'status light', 'dish', 'wolf print', 'city map', 'hero figure', 'matrix chart'];
const mods = ['garden', 'wine', 'storage', 'bread', 'gaming', 'desert', 'travel', 'cordless', 'soil', 'traffic', 'serving', 'framed', 'folding', 'vintage', 'kids', 'office', 'outdoor', 'copper'];
const types = [];
for (let i = 0; i < 7500; i++) types.push({ id: i + 1, noun: `${mods[i % mods.length]} ${heads[(i * 7) % heads.length]}`, parent: 1 + (i % 40) });

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const menu = [];
  for (const t of types) {
    const plural = Inflector.pluralize(t.noun), singular = Inflector.singularize(plural), slug = Inflector.parameterize(plural), className = Inflector.classify(Inflector.underscore(singular)), label = Inflector.titleize(plural);
    menu.push({ id: t.id, parent: t.parent, label, singular, slug, className });
  }
  res.json({ types: menu.length, first: menu.slice(0, 20) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
