// Fastify 4: the listing editor of a second-hand marketplace. Before a seller publishes, /listings/:id/proofread
// checks the description with Hunspell through nodehun (the en_US dictionary of dictionary-en) and asks for
// suggestions for every misspelt word: the app's Proofreader awaits nodehun's asynchronous suggest() for all of them at
// once. nodehun runs each suggestion as a job on libuv's thread pool, and a Hunspell suggestion is 20-50 ms of C++.
// /health reads a 1 KB status file through the same pool. The dictionary and the draft listings are loaded at start-up.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Fastify = require('fastify');
const Nodehun = require('nodehun');

const statusFile = path.join(__dirname, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'listing-editor', region: 'eu-west', pad: 'x'.repeat(950) }));
const dictDir = path.dirname(require.resolve('dictionary-en'));
const hunspell = new Nodehun(fs.readFileSync(path.join(dictDir, 'index.aff')), fs.readFileSync(path.join(dictDir, 'index.dic')));

const TYPOS = ['excelent', 'condtion', 'recieved', 'accesories', 'origional', 'garantee', 'scrached', 'definately', 'coller', 'adress', 'wierd', 'barely-used'];
const drafts = new Map(Array.from({ length: 50 }, (_, i) => [i + 1, {
  id: i + 1, title: `Road bike ${48 + (i % 8)} cm, 2x11 speed`,
  description: `Selling my bike in ${TYPOS[i % 12]} ${TYPOS[(i + 3) % 12]} shape. Frame has one small ${TYPOS[(i + 6) % 12]} mark, wheels ${TYPOS[(i + 9) % 12]} true. Comes with pedals and ${TYPOS[(i + 1) % 12]}. Pick up only, cash or transfer.`,
}]));

const Proofreader = {
  words(text) { return [...new Set(text.match(/[A-Za-z][A-Za-z'-]+/g))]; },
  async check(text) {
    const misspelt = this.words(text).filter((w) => !hunspell.spellSync(w));
    const suggestions = await Promise.all(misspelt.map((w) => hunspell.suggest(w)));
    return misspelt.map((word, k) => ({ word, suggestions: (suggestions[k] || []).slice(0, 5) }));
  },
};

const fastify = Fastify({ logger: false });
fastify.get('/health', async (req, reply) => reply.type('application/json').send(await fs.promises.readFile(statusFile)));
fastify.get('/listings/:id/proofread', async (req) => {
  const draft = drafts.get(Number(req.params.id)) || drafts.get(1);
  return { id: draft.id, issues: await Proofreader.check(draft.description) };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
