// Koa 2 (ESM): a community forum. Posts are stored as the HTML the editor produced, and the team sanitizes on
// output: a middleware registered before the router waits for the route to render the page, then runs the
// whole HTML body through js-xss's filterXSS with the forum's whitelist. /x renders a long thread (500 posts
// with quotes, links, code and lists, about 0.7 MB of HTML). The thread is made at start-up.
import Koa from 'koa';
import xss from 'xss';

const whitelist = { ...xss.getDefaultWhiteList(), pre: ['class'], code: ['class'], span: ['class'] };
const xssOptions = { whiteList: whitelist, stripIgnoreTagBody: ['script', 'style'] };

const posts = Array.from({ length: 500 }, (_, i) => ({
  author: `member${i % 90}`, at: `2025-01-${String(1 + (i % 28)).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}`,
  html: `<p>Thanks <a href="/u/member${(i + 7) % 90}" onclick="track(${i})">@member${(i + 7) % 90}</a>, that fixed it for me on <strong>v${i % 9}.2</strong>.</p>`
    + `<blockquote><p>Did you try clearing the cache first? <em>It worked here</em> after a restart.</p></blockquote>`
    + `<pre class="lang-js"><code class="lang-js">const cfg = load('./config.json');\nif (cfg.retries &gt; ${i % 5}) { retry(cfg); }\n</code></pre>`
    + `<ul>${Array.from({ length: 6 }, (_, k) => `<li>Step ${k + 1}: <span class="kbd">Ctrl</span>+<span class="kbd">${'ABCDEF'[k]}</span> then <a href="https://docs.example/${i}/${k}" target="_blank">docs</a></li>`).join('')}</ul>`
    + `<p><img src="https://cdn.forum.example/u/${i}.png" alt="screenshot ${i}" width="640" height="360"> <script>alert(${i})</script></p>`,
}));

const app = new Koa();
app.use(async (ctx, next) => {
  await next();
  if (ctx.type === 'text/html' && typeof ctx.body === 'string') ctx.body = xss.filterXSS(ctx.body, xssOptions);
});
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = { status: 'ok' }; return; }
  if (ctx.path === '/x') {
    ctx.type = 'html';
    ctx.body = `<!doctype html><html><body><h1>Build fails after upgrading to 3.2</h1>${posts.map((p) => `<article><header>${p.author} · ${p.at}</header>${p.html}</article>`).join('\n')}</body></html>`;
    return;
  }
  ctx.status = 404;
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
