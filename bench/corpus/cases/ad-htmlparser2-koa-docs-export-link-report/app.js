// Koa 2: a docs team's link checker. The whole developer guide is exported as one single-page HTML
// file (docs.html, ~3.8 MB, built here at start-up the way the static-site export writes it). /x answers
// "which outgoing links does the export hold?" by running htmlparser2's streaming Parser over the whole
// file on every request and collecting each <a href> and <img src>; the export only changes on deploy.
'use strict';
const Koa = require('koa');
const { Parser } = require('htmlparser2');

const topics = ['gateway', 'worker', 'scheduler', 'billing', 'webhooks', 'auth', 'search'];
const sections = [];
for (let s = 0; s < 6000; s++) {
  const t = topics[s % topics.length];
  sections.push(`<section id="s${s}" class="doc-section"><h2 id="h-${s}">${s}. Configuring the ${t}</h2>
<p>Use <code>cfg.set("${t}.k${s}", ${s})</code> to change the <a href="/docs/reference/options#opt-${s}">option ${s}</a>; see also <a href="https://example.org/guide/${s % 50}">the guide</a> and <a href="../faq.html#q${s % 30}">FAQ</a>.</p>
<ul><li><a href="/api/v2/${t}/${s}">GET /${t}/${s}</a></li><li><a href="/api/v2/${t}/${s}/history">history</a></li><li><img src="/img/diagram-${s}.png" alt="diagram ${s}"></li></ul>
<table><tr><th>Field</th><th>Type</th></tr><tr><td>id</td><td>string</td></tr><tr><td>count</td><td>number</td></tr></table></section>`);
}
const docsHtml = `<!doctype html><html><head><title>Developer guide</title></head><body><main>${sections.join('\n')}</main></body></html>`;

function linkReport(html) {
  const internal = new Set();
  const external = new Set();
  let images = 0;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'a' && attrs.href) (/^https?:/.test(attrs.href) ? external : internal).add(attrs.href.split('#')[0]);
      else if (name === 'img') images++;
    },
  }, { decodeEntities: true });
  parser.end(html);
  return { internal: internal.size, external: [...external].slice(0, 20), images };
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.body = { ok: true };
  } else if (ctx.path === '/x') {
    ctx.body = { bytes: docsHtml.length, ...linkReport(docsHtml) };
  } else {
    ctx.status = 404;
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
