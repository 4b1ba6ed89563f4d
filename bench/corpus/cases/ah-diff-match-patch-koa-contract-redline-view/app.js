// Koa 2 (with koa-helmet, koa-bodyparser and @koa/router): a contract-management service. Each contract is stored
// as the rich-text editor's HTML, serialized on one line (~94 KB for a 380-clause master services agreement).
// The "redline" tab (/x) compares the current draft against the last signed version with diff-match-patch:
// diff_main, a semantic clean-up and diff_prettyHtml, on every view. Both versions are immutable once saved, so
// the redline of a (signed, draft revision) pair never changes.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const helmet = require('koa-helmet');
const DiffMatchPatch = require('diff-match-patch');

function contractHtml(revision, clauses) {
  const parts = [];
  for (let i = 0; i < clauses; i++) {
    const touched = (i * 17 + revision) % 23 === 0;
    parts.push(`<li id="c${i + 1}"><p>${['Supplier', 'Customer', 'The Parties'][i % 3]} shall ${touched && revision > 1 ? 'within thirty (30) business days' : 'within fourteen (14) days'} ` +
      `of written notice ${['remedy any material breach', 'deliver the Goods to the Delivery Location', 'pay all undisputed invoices', 'maintain insurance cover of not less than EUR 5,000,000'][i % 4]} ` +
      `in accordance with <a href="#schedule-${(i % 9) + 1}">Schedule ${(i % 9) + 1}</a>, clause ${i}.${i % 7}, provided that ` +
      `${touched ? 'the Customer has approved the revised service levels in writing' : 'no Force Majeure Event is continuing'}.</p></li>`);
  }
  return `<ol class="clauses">${parts.join('')}</ol>`;
}
const contracts = new Map([['msa-2291', { signed: { revision: 1, html: contractHtml(1, 380) }, draft: { revision: 2, html: contractHtml(2, 380) } }]]);
const dmp = new DiffMatchPatch();

const router = new Router();
router.get('/health', (ctx) => { ctx.body = { ok: true }; });
router.get('/x', (ctx) => {
  const contract = contracts.get(ctx.query.contract || 'msa-2291');
  const diffs = dmp.diff_main(contract.signed.html, contract.draft.html);
  dmp.diff_cleanupSemantic(diffs);
  const changes = diffs.filter(([op]) => op !== 0).length;
  ctx.body = { contract: ctx.query.contract || 'msa-2291', from: contract.signed.revision, to: contract.draft.revision, changes, redline: dmp.diff_prettyHtml(diffs) };
});

const app = new Koa();
app.use(helmet());
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
