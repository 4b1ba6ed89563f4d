// Control: a koa 2 site serves its front-end from the site root with koa-static (koa-send: every request first
// tries a file, a stat through the pool, 1-hour max-age) and mounts its small JSON API with koa-mount; /x is an
// API call returning 30 posts' summaries after the static lookup misses. Nothing holds the loop.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const serve = require('koa-static');
const mount = require('koa-mount');

const publicDir = path.join(__dirname, 'public');
fs.mkdirSync(publicDir, { recursive: true });
fs.writeFileSync(path.join(publicDir, 'app.css'), 'body { font-family: system-ui; margin: 0 auto; max-width: 60rem; }\n'.repeat(40));

const posts = [];
for (let i = 0; i < 300; i++) posts.push({ id: i, title: `Release notes ${i}`, author: `editor-${i % 6}`, publishedAt: new Date(1.7e12 - i * 864e5).toISOString(), tags: ['product', `team-${i % 5}`] });

const api = new Koa();
api.use(async (ctx) => {
  const offset = Math.floor(Math.random() * 200);
  ctx.body = { posts: posts.slice(offset, offset + 30).map(({ id, title, author, publishedAt }) => ({ id, title, author, publishedAt })) };
});

const app = new Koa();
app.use(mount('/health', (ctx) => { ctx.body = 'ok'; }));
app.use(serve(publicDir, { maxage: 3600 * 1000 }));
app.use(mount('/x', api));

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
