// Koa 2 with @koa/router (ESM): a marketplace's supplier onboarding. /x previews a supplier's latest feed:
// for each of its 32 product titles it suggests the catalogue product it most likely duplicates, by Dice's
// coefficient over the 1,500 catalogue titles (string-similarity's findBestMatch). The matches go through a
// throat(4) limiter, left from when suggestDuplicate asked a search service; it now matches in memory and
// resolves at once. The catalogue and the feed are made at start-up.
import Koa from 'koa';
import Router from '@koa/router';
import throat from 'throat';
import stringSimilarity from 'string-similarity';

const words = ['merino', 'crew', 'neck', 'sweater', 'navy', 'cotton', 'organic', 'slim', 'fit', 'shirt', 'linen', 'trousers', 'wool', 'blend', 'jacket', 'rain', 'shell', 'hooded', 'zip', 'chino'];
const catalogueTitles = Array.from({ length: 1500 }, (_, i) => `${words[i % 20]} ${words[(i * 7) % 20]} ${words[(i * 3 + 1) % 20]} ${['S', 'M', 'L', 'XL'][i % 4]} ${1000 + i}`);
const feed = Array.from({ length: 32 }, (_, i) => ({ supplierSku: `SUP-${5500 + i}`, title: `${words[(i * 11) % 20]} ${words[(i * 5) % 20]} ${words[(i + 3) % 20]} size ${['S', 'M', 'L'][i % 3]}` }));

const limit = throat(4);

async function suggestDuplicate(item) {
  const { bestMatch, bestMatchIndex } = stringSimilarity.findBestMatch(item.title, catalogueTitles);
  return { supplierSku: item.supplierSku, title: item.title, duplicateOf: bestMatch.rating > 0.6 ? catalogueTitles[bestMatchIndex] : null, score: bestMatch.rating };
}

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', async (ctx) => {
  const suggestions = await Promise.all(feed.map((item) => limit(() => suggestDuplicate(item))));
  ctx.body = { supplier: 'S-118', items: suggestions.length, duplicates: suggestions.filter((s) => s.duplicateOf) };
});

const app = new Koa();
app.use(router.routes());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
