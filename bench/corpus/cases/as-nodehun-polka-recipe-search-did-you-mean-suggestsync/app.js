// Polka: the search API of a recipe site. When a query word is not in the dictionary, the app's QueryCorrector asks
// Hunspell, through nodehun (the en_US dictionary of dictionary-en), for the "did you mean" suggestions, with
// nodehun's synchronous suggestSync(), although nodehun's suggest() runs the same Hunspell search on libuv's thread
// pool and returns a promise. A Hunspell suggestion is 10-40 ms of C++. The recipes and the dictionary are loaded at
// start-up.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const polka = require('polka');
const Nodehun = require('nodehun');

const dictDir = path.dirname(require.resolve('dictionary-en'));
const hunspell = new Nodehun(fs.readFileSync(path.join(dictDir, 'index.aff')), fs.readFileSync(path.join(dictDir, 'index.dic')));
const INGREDIENTS = ['chocolate', 'zucchini', 'broccoli', 'cinnamon', 'avocado', 'banana', 'lemon', 'oat', 'walnut', 'spinach'];
const recipes = Array.from({ length: 3000 }, (_, i) => ({ id: i + 1, title: `${INGREDIENTS[i % 10]} ${['muffins', 'bread', 'salad', 'soup', 'cake'][i % 5]} ${i}`, words: new Set([INGREDIENTS[i % 10], INGREDIENTS[(i * 3) % 10], ['muffins', 'bread', 'salad', 'soup', 'cake'][i % 5]]) }));

const QueryCorrector = {
  correct(words) {
    return words.map((w) => {
      if (hunspell.spellSync(w)) return { word: w, ok: true };
      const suggestions = hunspell.suggestSync(w) || [];
      return { word: w, ok: false, suggestions: suggestions.slice(0, 3) };
    });
  },
};

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/search', (req, res) => {
    const words = String(req.query.q || '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 12);
    const checked = QueryCorrector.correct(words);
    const terms = checked.map((c) => (c.ok ? c.word : (c.suggestions[0] || c.word).toLowerCase()));
    const hits = recipes.filter((r) => terms.some((t) => r.words.has(t))).slice(0, 20).map((r) => ({ id: r.id, title: r.title }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ q: req.query.q, didYouMean: checked.some((c) => !c.ok) ? terms.join(' ') : null, checked, hits }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
