// Control, Koa written as ESM: a help-desk API's macro picker. Stack: conditional-get + ETag, koa-helmet,
// @koa/cors, koa-bodyparser and @koa/router. /x ranks the 240 canned replies ("macros") of one team for the
// agent's search box with match-sorter and returns the top 15: a few hundred short strings per request. The
// loop stays responsive.
import Koa from 'koa';
import Router from '@koa/router';
import helmet from 'koa-helmet';
import cors from '@koa/cors';
import bodyParser from 'koa-bodyparser';
import conditional from 'koa-conditional-get';
import etag from 'koa-etag';
import { matchSorter } from 'match-sorter';

const topics = ['refund', 'shipping delay', 'password reset', 'invoice copy', 'damaged item', 'address change', 'cancel order', 'warranty'];
const macros = Array.from({ length: 240 }, (_, i) => ({ id: `m_${300 + i}`, team: 'tier-1', title: `${topics[i % topics.length]} – ${['EN', 'DE', 'FR'][i % 3]} v${1 + (i % 5)}`,
  tags: [topics[(i * 3) % topics.length].split(' ')[0], ['email', 'chat'][i % 2]], uses: (i * 37) % 500 }));

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const q = ctx.query.q || 'refund de';
  const hits = matchSorter(macros, q, { keys: ['title', 'tags'] }).slice(0, 15);
  ctx.body = { q, total: hits.length, macros: hits.map(({ id, title, uses }) => ({ id, title, uses })) };
});

const app = new Koa();
app.use(conditional());
app.use(etag());
app.use(helmet());
app.use(cors({ origin: 'https://desk.example.io' }));
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
