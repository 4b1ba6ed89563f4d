// Fastify 4: the seller tools of a Japanese second-hand marketplace. When a seller opens the "boost your listings"
// page (/sellers/:id/keywords), the app tokenises the titles and descriptions of the seller's 60 active listings with
// kuromoji (a pure-JavaScript Japanese morphological analyser: a Viterbi lattice over the IPADIC dictionary) and
// suggests the nouns buyers search for. The dictionary loads once at start-up; the listings are made at start-up too.
'use strict';
const path = require('node:path');
const kuromoji = require('kuromoji');
const fastify = require('fastify')({ logger: false });

const PHRASES = ['中古のノートパソコンです。', 'バッテリーは良好で、キーボードにも目立つ傷はありません。', '付属品は充電器のみとなります。', '動作確認済みで、初期化してから発送いたします。', '喫煙者やペットはいない家庭で保管していました。', '箱に少し汚れがありますが、本体はとてもきれいです。', '値下げ交渉は受け付けておりません。', '即購入していただいても大丈夫です。'];
const listings = new Map([['SELLER-2291', Array.from({ length: 60 }, (_, i) => ({ id: `m${7700000 + i}`, title: `【美品】${['ノートパソコン', 'ワイヤレスイヤホン', 'デジタルカメラ', 'ゲーム機'][i % 4]} ${2019 + (i % 5)}年モデル`, description: Array.from({ length: 14 }, (_, k) => PHRASES[(i + k) % PHRASES.length]).join('') }))]]);

function suggestKeywords(tokenizer, items) {
  const counts = new Map();
  for (const item of items) {
    for (const t of tokenizer.tokenize(`${item.title}。${item.description}`)) {
      if (t.pos !== '名詞' || t.pos_detail_1 === '数' || t.surface_form.length < 2) continue;
      const word = t.basic_form === '*' ? t.surface_form : t.basic_form;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([word, n]) => ({ word, n }));
}

kuromoji.builder({ dicPath: path.join(path.dirname(require.resolve('kuromoji')), '..', 'dict') }).build((err, tokenizer) => {
  if (err) throw err;
  fastify.get('/health', async () => 'ok');
  fastify.get('/sellers/:id/keywords', async (req, reply) => {
    const items = listings.get(req.params.id);
    if (!items) return reply.code(404).send({ error: 'unknown seller' });
    return { seller: req.params.id, listings: items.length, keywords: suggestKeywords(tokenizer, items) };
  });
  fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
});
