// Koa with @koa/router (ESM): a help centre's back office. Three calls of the agents' and editors' consoles are
// slow. /help/related lists the articles related to the open ticket: it builds a lunr index of the 260
// published articles (title boosted, body) and searches it with the ticket's subject, on every request.
// /imports/encoding shows the encoding of the product team's last uploaded CSV (745 KB, written by a Latin-1
// ERP export) before the import starts, with chardet.detect over the whole file. /articles/lint runs the
// editors' style rules over the articles; the rule that lists each article's Markdown links is the app's own
// regular expression. The articles, the ticket and the upload are made at start-up.
import Koa from 'koa';
import Router from '@koa/router';
import lunr from 'lunr';
import chardet from 'chardet';

const words = 'refund order invoice shipping delivery return account password login payment card voucher discount parcel courier address change cancel subscription plan upgrade downgrade tax receipt warranty damaged missing tracking exchange size'.split(' ');
let seed = 9;
const rnd = (n) => (seed = (seed * 16807) % 2147483647) % n;
const articles = Array.from({ length: 260 }, (_, i) => ({
  id: String(1000 + i), title: `How to ${words[rnd(32)]} your ${words[rnd(32)]}`,
  body: `${Array.from({ length: 200 }, () => words[rnd(32)] + (rnd(5) ? '' : 's') + (rnd(9) ? '' : 'ing')).join(' ')}. See [our ${words[rnd(32)]} guide](https://help.example.com/articles/${2000 + i}) and [contact us](https://help.example.com/contact).`,
}));
// an article pasted from the old wiki, its link missing the closing parenthesis
articles[217].body += ' Read the [refund policy](/kb/refunds-and-exchanges before you answer.';
const ticket = { id: 'T-88412', subject: 'parcel arrived damaged, customer wants a refund or exchange' };
const upload = Buffer.from(Array.from({ length: 12000 }, (_, i) => `${40000 + i};Müller & Söhne GmbH;Hauptstraße ${i % 90};${(i * 1.1).toFixed(2)};Größe ${'SML'[i % 3]};Köln\n`).join(''), 'latin1');

const MD_LINK = /\[([^\]]+)\]\(((?:[\w/.:-]+)+)\)/g;

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/help/related', (ctx) => {
  const index = lunr(function () { this.ref('id'); this.field('title', { boost: 5 }); this.field('body'); articles.forEach((a) => this.add(a)); });
  const hits = index.search(ticket.subject.replace(/[^\w\s]/g, ' ')).slice(0, 8);
  ctx.body = { ticket: ticket.id, related: hits.map((h) => ({ id: h.ref, score: Number(h.score.toFixed(3)) })) };
});
router.get('/imports/encoding', (ctx) => {
  const encoding = chardet.detect(upload);
  ctx.body = { file: 'erp-export-2025-03.csv', bytes: upload.length, encoding };
});
router.get('/articles/lint', (ctx) => {
  const report = articles.map((a) => {
    const links = [...a.body.matchAll(MD_LINK)].map((m) => m[2]);
    return { id: a.id, links: links.length, external: links.filter((l) => !l.startsWith('https://help.example.com/')).length };
  });
  ctx.body = { checked: report.length, withoutLinks: report.filter((r) => r.links === 0).length };
});

const app = new Koa();
app.use(router.routes());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
