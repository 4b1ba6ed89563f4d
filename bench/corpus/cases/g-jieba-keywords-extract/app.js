// Polka: a reading app shows the top keywords of an uploaded Chinese e-book (about 1.9 million
// characters) on its detail page, computed with @node-rs/jieba's TF-IDF extractor on every request.
'use strict';
const polka = require('polka');
const { Jieba, TfIdf } = require('@node-rs/jieba');
const { dict, idf } = require('@node-rs/jieba/dict');

const jieba = Jieba.withDict(dict);
const tfidf = TfIdf.withDict(idf);
const sentences = [
  '南京市长江大桥是中国第一座自行设计和建造的双层铁路公路两用桥梁。',
  '我们在这里讨论自然语言处理和中文分词的技术细节以及搜索引擎的索引构建方法。',
  '小明硕士毕业于中国科学院计算所，后在日本京都大学深造。',
  '今天天气很好，我们一起去公园散步，顺便买了一些新鲜的水果和蔬菜。',
  '这家公司的产品在国际市场上很受欢迎，销售额连续三年保持增长。',
];
let text = '';
for (let i = 0; i < 60000; i++) text += sentences[(i * 7) % sentences.length];
const books = new Map([['book-311', { title: '长江往事', text }]]);

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const book = books.get('book-311');
    const keywords = tfidf.extractKeywords(jieba, book.text, 10);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ title: book.title, chars: book.text.length, keywords }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
