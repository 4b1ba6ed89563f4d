// Koa 3: a help-center article page done right. /x pulls the teaser out of the article's HTML body (a few
// KB, made here at start-up) with htmlparser2's streaming Parser and stops at the first paragraph,
// decodes entities in the stored author note with underscore.string 3.3.6 (the release with the fixed
// unescapeHTML regex), and queues the page-view write whose statement text squel built once at
// start-up: per request only the values are bound.
'use strict';
const Koa = require('koa');
const { Parser } = require('htmlparser2');
const s = require('underscore.string');
const squel = require('squel').useFlavour('postgres');

const articles = new Map();
for (let a = 0; a < 200; a++) {
  const paras = Array.from({ length: 12 }, (_, p) => `<p>Step ${p + 1}: open <b>Settings &rsaquo; Billing</b> and choose <a href="/kb/${a}/${p}">plan ${p}</a> for workspace ${a}.</p>`);
  articles.set(`kb-${a}`, { title: `How to change plans (${a})`, html: `<article><h1>Change plans</h1>${paras.join('')}</article>`, note: `Reviewed by Jos&eacute; &amp; the billing team` });
}
const viewInsert = squel.insert().into('article_views').set('article_id', '').set('viewed_at', squel.str('NOW()')).set('referrer', '').toParam();
const viewQueue = [];

function teaser(html) {
  let inP = false;
  let text = '';
  const parser = new Parser({
    onopentag(name) { if (name === 'p') inP = true; },
    ontext(t) { if (inP) text += t; },
    onclosetag(name) { if (name === 'p' && inP) { inP = false; parser.pause(); } },
  }, { decodeEntities: true });
  parser.write(html);
  return text.trim();
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.body = { ok: true };
  } else if (ctx.path === '/x') {
    const id = ctx.query.id || `kb-${Math.floor(Math.random() * 200)}`;
    const article = articles.get(id);
    viewQueue.push({ text: viewInsert.text, values: [id, ctx.get('referer') || null] });
    if (viewQueue.length > 1000) viewQueue.splice(0, 500);
    ctx.body = { id, title: article.title, teaser: teaser(article.html), note: s.unescapeHTML(article.note) };
  } else {
    ctx.status = 404;
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
