// Koa 2 with @koa/router (ESM): a code-review tool's comment thread. Before a thread is sent to the browser,
// the links in each comment are found with url-regex (non-strict, so "example.com/x" is a link too) and
// wrapped in anchors. One comment has a pasted 520-character hex digest followed by a full stop; url-regex
// 5.0.0's host and domain groups nest quantifiers over the same characters and, with its list of 1,500
// TLDs to try at each split, backtrack polynomially on it (CVE-2020-7661; no fixed release). The thread's
// 120 comments are made at start-up.
import Koa from 'koa';
import Router from '@koa/router';
import urlRegex from 'url-regex';

const linkPattern = urlRegex({ strict: false });
const digest = Array.from({ length: 520 }, (_, i) => '0123456789abcdef'[(i * 7 + 3) % 16]).join('');
const comments = Array.from({ length: 120 }, (_, i) => ({
  id: i, author: `dev${i % 12}`,
  body: i === 71 ? `The artifact's checksum does not match, I get ${digest}.` : `See https://ci.example.com/builds/${4000 + i} and docs.example.com/review#${i}; LGTM after the rename in item ${i}.`,
}));

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const linkified = comments.map((c) => ({ ...c, html: c.body.replace(linkPattern, (url) => `<a href="${url.startsWith('http') ? url : `https://${url}`}" rel="nofollow">${url}</a>`) }));
  ctx.body = { thread: 'PR-1942', comments: linkified };
});
const app = new Koa();
app.use(router.routes());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
