// koa, bundled and minified with esbuild: a private npm registry's moderation queue. /x takes the next
// pending publish and builds its review card, with the repository links normalized by hosted-git-info 2.8.8
// (the version normalize-package-data 2.x pulled in, as read-package-json does). A spam wave published
// 2,000 versions whose package.json "repository" is a name, a colon and 10,000 letters with no "@" and no
// "/": fromUrl's shortcut pattern backtracks on each (the module caches by URL, and each one is new). The
// queue is made at start-up.
'use strict';
const Koa = require('koa');
const hostedGitInfo = require('hosted-git-info');

const queue = Array.from({ length: 2000 }, (_, i) => ({
  name: `left-pad-utils-${i}`, version: `1.0.${i}`, publisher: `u${90000 + i}`,
  repository: { type: 'git', url: `mirror${i}:` + 'x'.repeat(10000) + '!' },
  dependencies: { chalk: '^4.1.2', 'hosted-git-info': '^2.8.8' },
}));
let next = 0;

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const pkg = queue[next++ % queue.length];
  const info = hostedGitInfo.fromUrl(pkg.repository.url);
  ctx.body = {
    name: pkg.name, version: pkg.version, publisher: pkg.publisher,
    repository: info ? { type: info.type, browse: info.browse(), issues: info.bugs() } : { raw: pkg.repository.url.slice(0, 80), valid: false },
    dependencies: Object.keys(pkg.dependencies),
  };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
