// Koa: the warehouse service's stock roll-up over the category tree (about 440,000 categories and
// product groups, loaded at start-up). rollUp is async because a subtree that is not in memory yet is
// loaded from the database, but here every subtree is in memory, so each `await rollUp(child)` waits
// for a promise that is already settled: the walk is one long chain of microtasks and the event loop
// gets no turn until the whole tree is summed.
'use strict';
const Koa = require('koa');

function build(depth, id) {
  const node = { id, stock: (id.length * 7) % 50, children: [] };
  if (depth < 6) for (let i = 0; i < 10; i++) node.children.push(build(depth + 1, `${id}.${i}`));
  return node;
}
const root = { id: 'root', stock: 0, children: ['c0', 'c1', 'c2', 'c3'].map((id) => build(1, id)) };
const loadChildren = async (id) => []; // the database query for subtrees not in memory

async function rollUp(node) {
  const children = node.children ?? (await loadChildren(node.id));
  let total = node.stock;
  for (const child of children) total += await rollUp(child);
  return total;
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  const total = await rollUp(root);
  ctx.body = { total };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
