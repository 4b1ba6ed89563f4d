// A package's block with no frame of the app on its stack (it ran on from its own continuation):
// the app line that handed it the work, read from the handler of the request the block ran.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppSources } from '../../src/sources/app-sources.js';
import { handlerUse, routeSpans, renderUse, componentUse } from '../../src/analyze/handler-line.js';

/**
 * A temp app folder whose node_modules holds these packages (a package.json each), removed after the test.
 * @param {import('node:test').TestContext} t @param {string[]} names
 */
function appWith(t, names) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-handler-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of names) {
    fs.mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, version: '1.0.0' }));
  }
  return dir;
}

test('a handler that calls what the package\'s call returned: the call through the package\'s own name', (t) => {
  const dir = appWith(t, ['doc-store']);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const Store = require('doc-store');", // 1
    "const app = require('express')();", // 2
    'const db = new Store();', // 3
    "app.get('/board', async (req, res) => {", // 4
    '  const rows = await db.findAsync({ open: true }).sort({ at: -1 });', // 5
    '  res.json(rows.slice(0, 25).map((r) => r.id));', // 6
    '});', // 7
  ].join('\n'));
  const sources = new AppSources();
  // its matching ran on from the query's continuation: no app frame, and no method the handler names
  const stack = [{ functionName: 'match', url: path.join(dir, 'node_modules/doc-store/lib/model.js'), line: 736, column: 3, kind: /** @type {const} */ ('node_modules') }];
  assert.equal(handlerUse(stack, [app], 'GET /board', sources)?.line, 5, 'not rows.slice( on line 6');
});

test('the handler of the request the block ran: the line that calls the package there, not in other routes', (t) => {
  const dir = appWith(t, ['chain-map']);
  const app = path.join(dir, 'app.mjs');
  fs.writeFileSync(app, [
    "import express from 'express';", // 1
    "import chainMap from 'chain-map';", // 2
    'const app = express();', // 3
    "app.get('/prices', async (req, res) => {", // 4
    '  const prices = await chainMap(offers, toEuro);', // 5
    '  res.json({ n: prices.length, first: prices[0] });', // 6
    '});', // 7
    'app.get("/stock", async (req, res) => {', // 8
    '  res.json(await chainMap(items, count));', // 9
    '});', // 10
  ].join('\n'));
  const sources = new AppSources();
  const stack = [{ functionName: 'next', url: path.join(dir, 'node_modules/chain-map/index.js'), line: 40, column: 3, kind: /** @type {const} */ ('node_modules') }];
  assert.deepEqual(handlerUse(stack, [app], 'GET /prices', sources), { pkg: 'chain-map', url: app, line: 5, inHandler: true }, 'the call, not the result\'s later uses');
  assert.equal(handlerUse(stack, [app], 'GET /stock', sources)?.line, 9);
  // no request known: the whole file, where two lines call it, says nothing
  assert.equal(handlerUse(stack, [app], null, sources), null);
  // a route no file registers (a decorator's path, a router mounted under a prefix): the whole file
  assert.equal(handlerUse(stack, [app], 'GET /api/stock', sources), null);
  // a plain server: the block a condition on the path opens, not the rest of the callback
  const plain = path.join(dir, 'plain.js');
  fs.writeFileSync(plain, [
    "const chainMap = require('chain-map');", // 1
    'require("node:http").createServer(async (req, res) => {', // 2
    "  if (req.url === '/prices') {", // 3
    '    res.end(String((await chainMap(offers, toEuro)).length));', // 4
    '  }', // 5
    "  if (req.url === '/stock') res.end(String(await chainMap(items, count)));", // 6
    '}).listen(0);', // 7
  ].join('\n'));
  assert.equal(handlerUse(stack, [plain], 'GET /prices', sources)?.line, 4);
  assert.equal(handlerUse(stack, [plain], 'GET /stock', sources)?.line, 6);
});

test('a middleware package that ran before the handler: the framework that registers the route is no use of the package, and the line that mounts the middleware is found in the files whole', (t) => {
  const dir = appWith(t, ['webkit', 'rangefilter', 'cidr-math']);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const webkit = require('webkit');", // 1
    "const { RangeFilter, Denied } = require('rangefilter');", // 2
    'const service = webkit({ onError: (err) => err instanceof Denied });', // 3
    'service.use(RangeFilter(blocklist, { mode: "deny" }));', // 4
    "service.get('/x', (req, res) => {", // 5
    '  res.send({ partner: "acme" });', // 6
    '});', // 7
    "service.get('/y', (req, res) => service.render(res, 'y'));", // 8
  ].join('\n'));
  const sources = new AppSources();
  const frame = (/** @type {string} */ pkg, /** @type {string} */ functionName) => ({ functionName, url: path.join(dir, 'node_modules', pkg, 'index.js'), line: 9, column: 1, kind: /** @type {const} */ ('node_modules') });
  // innermost first: the dependency that did the work, the middleware, the framework's router
  const stack = [frame('cidr-math', 'toLong'), frame('rangefilter', 'testRange'), frame('webkit', 'step')];
  assert.deepEqual(handlerUse(stack, [app], 'GET /x', sources), { pkg: 'rangefilter', url: app, line: 4, inHandler: false });
  // a handler written on its registering line still counts, after the path
  assert.equal(handlerUse([frame('webkit', 'render')], [app], 'GET /y', sources)?.line, 8);
});

test('an ORM model made from a made client: in the handler its call is the line (the stack shows the driver\'s callback), outside one only a call of a method the stack names', (t) => {
  const dir = appWith(t, ['tinyorm']);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const { Orm, types } = require('tinyorm');", // 1
    "const orm = new Orm({ file: ':memory:' });", // 2
    "const Order = orm.define('Order', { total: types.FLOAT });", // 3
    'const cached = Order.loadAllSync();', // 4
    "app.get('/orders', async (req, res) => {", // 5
    '  const orders = await Order.findAll();', // 6
    '  res.json({ count: orders.length, cached: cached.length });', // 7
    '});', // 8
  ].join('\n'));
  const sources = new AppSources();
  const frame = (/** @type {string} */ functionName) => ({ functionName, url: path.join(dir, 'node_modules/tinyorm/model.js'), line: 9, column: 1, kind: /** @type {const} */ ('node_modules') });
  // two steps from the import, not three: what the model returns (cached) is data
  assert.deepEqual(sources.handlesOf(app), new Map([['Order', 'tinyorm']]));
  // rows built in the driver's callback: no method of the app's call on the stack
  assert.deepEqual(handlerUse([frame('buildRows'), frame('afterQuery')], [app], 'GET /orders', sources), { pkg: 'tinyorm', url: app, line: 6, inHandler: true });
  // no request known: the files whole, where only a call of a method the stack names counts
  assert.equal(handlerUse([frame('buildRows'), frame('afterQuery')], [app], null, sources), null);
  assert.equal(handlerUse([frame('buildRows'), frame('findAll')], [app], null, sources)?.line, 6);
  assert.equal(handlerUse([frame('loadAllSync')], [app], null, sources)?.line, 4);
});

test('a driver package over an ORM\'s core: its names call the core\'s methods the stack names', (t) => {
  const dir = appWith(t, ['ormcore']);
  fs.mkdirSync(path.join(dir, 'node_modules', 'orm-lite'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules', 'orm-lite', 'package.json'), JSON.stringify({ name: 'orm-lite', version: '1.0.0', dependencies: { knexish: '1' }, peerDependencies: { ormcore: '^1' } }));
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const { Orm } = require('orm-lite');", // 1
    'async function main() {', // 2
    '  const orm = await Orm.init({});', // 3
    "  app.get('/orders', async (req, res) => {", // 4
    '    const em = orm.em.fork();', // 5
    "    res.json(await em.find('Order', {}));", // 6
    '  });', // 7
    '}', // 8
  ].join('\n'));
  const sources = new AppSources();
  const frame = (/** @type {string} */ functionName) => ({ functionName, url: path.join(dir, 'node_modules/ormcore/entity-manager.js'), line: 9, column: 1, kind: /** @type {const} */ ('node_modules') });
  assert.deepEqual(handlerUse([frame('hydrate'), frame('find')], [app], 'GET /orders', sources), { pkg: 'ormcore', url: app, line: 6, inHandler: true });
  // no method of the app's call on the stack: the core is not the package it imports, nothing to say
  assert.equal(handlerUse([frame('hydrate')], [app], 'GET /orders', sources), null);
});

test('a model class that extends a package\'s class: its static calls in the handler are the package\'s use', (t) => {
  const dir = appWith(t, ['objection']);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const { Model } = require('objection');", // 1
    'class Invoice extends Model {}', // 2
    "app.use(async (ctx) => {", // 3
    "  const report = await Invoice.query().where('status', 'unpaid');", // 4
    '  ctx.body = report;', // 5
    '});', // 6
  ].join('\n'));
  const sources = new AppSources();
  const frame = (/** @type {string} */ functionName) => ({ functionName, url: path.join(dir, 'node_modules/objection/lib/queryBuilder/QueryBuilder.js'), line: 9, column: 1, kind: /** @type {const} */ ('node_modules') });
  // the one middleware, which never hands on, is the handler of every path
  assert.deepEqual(handlerUse([frame('execute'), frame('then')], [app], 'GET /x', sources), { pkg: 'objection', url: app, line: 4, inHandler: true });
});

test("a route's handler in the forms apps write it: a registration, a condition's block, the rest after a guard", (t) => {
  const dir = appWith(t, []);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "app.get('/a', async (req, res) => {", // 1
    '  res.end(await one());', // 2
    '});', // 3
    'app.use(async (ctx, next) => {', // 4
    "  if (ctx.path === '/b') {", // 5
    '    ctx.body = await two();', // 6
    '    return;', // 7
    '  }', // 8
    '  await next();', // 9
    '});', // 10
    'app.use(async (ctx, next) => {', // 11
    "  if (ctx.path !== '/c') return next();", // 12
    '  ctx.body = await three();', // 13
    '});', // 14
    'function route(req, res, next) {', // 15
    "  if ('/d' != req.url) { return next(); }", // 16
    '  res.end(four());', // 17
    '}', // 18
    'other();', // 19
  ].join('\n'));
  const sources = new AppSources();
  const span = (/** @type {string} */ p) => { const s = routeSpans([app], p, sources).get(app); return s ? [s.from + 1, s.to + 1] : null; };
  assert.deepEqual(span('/a'), [1, 3]);
  assert.deepEqual(span('/b'), [5, 8]);
  assert.deepEqual(span('/c'), [12, 14]);
  assert.deepEqual(span('/d'), [16, 18]);
  assert.equal(span('/e'), null);
});

test('a view engine the app registered, run from its own file read: the render call in the route\'s handler, and where it was registered', (t) => {
  const dir = appWith(t, ['tpl-engine']);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const express = require('express');", // 1
    "const tpl = require('tpl-engine');", // 2
    'const app = express();', // 3
    "app.engine('html', tpl.renderFile);", // 4
    "app.set('view engine', 'html');", // 5
    "const locals = { nav: [{ href: '/', title: 'Home' }, { href: '/x', title: 'Statements' }] };", // 6
    "app.get('/health', (req, res) => res.send('ok'));", // 7
    "app.get('/x', (req, res) => {", // 8
    "  res.render('statement', locals);", // 9
    '});', // 10
  ].join('\n'));
  const sources = new AppSources();
  const frames = [{ functionName: 'compileFile', url: path.join(dir, 'node_modules/tpl-engine/lib/tpl.js'), line: 699, column: 1, kind: 'node_modules' }];
  // the route's path in the page's data (line 6) is no handler: its registration is
  assert.deepEqual(routeSpans([app], '/x', sources).get(app)?.from, 7);
  assert.deepEqual(renderUse(frames, [app], 'GET /x', sources), { pkg: 'tpl-engine', url: app, line: 9, engineAt: { url: app, line: 4 } });
  // registered by its name as a string (express requires it)
  fs.writeFileSync(app, ["const app = require('express')();", "app.set('view engine', 'tpl-engine');", "app.get('/x', (req, res) => res.render('page'));"].join('\n'));
  const again = new AppSources();
  assert.deepEqual(renderUse(frames, [app], 'GET /x', again), { pkg: 'tpl-engine', url: app, line: 3, engineAt: { url: app, line: 2 } });
  // not the app's view engine: no line
  fs.writeFileSync(app, ["const app = require('express')();", "app.get('/x', (req, res) => res.render('page'));"].join('\n'));
  assert.equal(renderUse(frames, [app], 'GET /x', new AppSources()), null);
});

test('a package\'s component the app configured (an interceptor put on a controller): the one line that names it, found by the file that ran', (t) => {
  const dir = appWith(t, ['@nest/common', 'class-mapper']);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const { Controller, UseInterceptors, ClassSerializerInterceptor } = require('@nest/common');", // 1
    "const { Exclude } = require('class-mapper');", // 2
    'class Orders { list() { return []; } }', // 3
    "Exclude()(Orders.prototype, 'token');", // 4
    'Controller()(Orders);', // 5
    'UseInterceptors(ClassSerializerInterceptor)(Orders);', // 6
  ].join('\n'));
  const frames = [
    { functionName: 'transform', url: path.join(dir, 'node_modules/class-mapper/cjs/TransformOperationExecutor.js'), line: 29, column: 1, kind: 'node_modules' },
    { functionName: 'classToPlain', url: path.join(dir, 'node_modules/class-mapper/cjs/index.js'), line: 21, column: 1, kind: 'node_modules' },
    { functionName: 'serialize', url: path.join(dir, 'node_modules/@nest/common/serializer/class-serializer.interceptor.js'), line: 43, column: 1, kind: 'node_modules' },
  ];
  assert.deepEqual(componentUse(frames, [app], new AppSources()), { pkg: '@nest/common', url: app, line: 6, component: 'ClassSerializerInterceptor' });
  // a file named for nothing the app names: no line
  assert.equal(componentUse(frames.slice(0, 2), [app], new AppSources()), null);
});

test('a node:http server whose listener writes no path serves every path: its listener is the handler of a route the load was sent to', (t) => {
  const dir = appWith(t, []);
  const write = (/** @type {string} */ name, /** @type {string[]} */ lines) => { fs.writeFileSync(path.join(dir, name), lines.join('\n')); return path.join(dir, name); };
  const plain = write('plain.js', [
    "const ready = Promise.all(users.map((u) => hasher.hash(u.password)));", // 1
    'const server = http.createServer((req, res) => {', // 2
    "  if (req.url === '/health') return res.end('ok');", // 3
    '  hasher.compare(pw, hash).then((ok) => res.end(String(ok)));', // 4
    '});', // 5
  ]);
  const tls = write('tls.js', [
    'https.createServer({ key, cert }, function (req, res) {', // 1
    '  res.end(render());', // 2
    '}).listen(0);', // 3
  ]);
  const app = write('express.js', ['http.createServer(app).listen(0);']);
  const sources = new AppSources();
  const span = (/** @type {string} */ file, /** @type {string} */ p) => { const s = routeSpans([file], p, sources).get(file); return s ? [s.from + 1, s.to + 1] : null; };
  assert.deepEqual(span(plain, '/login'), [2, 5]);
  // the path it does write is still its own block
  assert.deepEqual(span(plain, '/health'), [3, 3]);
  // the options object before the listener is not its body
  assert.deepEqual(span(tls, '/x'), [1, 3]);
  // a server handed a framework's app has no listener of its own here
  assert.equal(span(app, '/x'), null);
});

test("a middleware that never hands a request on (koa's last app.use) serves every path no file writes: it is the route's handler", (t) => {
  const dir = appWith(t, []);
  const write = (/** @type {string} */ name, /** @type {string[]} */ lines) => { fs.writeFileSync(path.join(dir, name), lines.join('\n')); return path.join(dir, name); };
  const koa = write('koa.js', [
    'app.use(bodyParser());', // 1
    'app.use(async (ctx, next) => {', // 2
    "  if (ctx.path !== '/health') return next();", // 3
    '  ctx.body = await read();', // 4
    '});', // 5
    'app.use((ctx) => {', // 6
    '  return cache.wrap(key, build).then((page) => { ctx.body = page; });', // 7
    '});', // 8
  ]);
  // two that never call next: which one a path reaches is not written here
  const two = write('two.js', [
    'app.use(async function (ctx) {', // 1
    '  ctx.body = a();', // 2
    '});', // 3
    'router.use(async (ctx) => { ctx.body = b(); });', // 4
  ]);
  // every middleware hands on (a logger, a timer): none is the handler
  const chain = write('chain.js', [
    'app.use(async (ctx, next) => { const t = Date.now(); await next(); log(Date.now() - t); });', // 1
    'app.use(router.routes());', // 2
  ]);
  const sources = new AppSources();
  const span = (/** @type {string} */ file, /** @type {string} */ p) => { const s = routeSpans([file], p, sources).get(file); return s ? [s.from + 1, s.to + 1] : null; };
  assert.deepEqual(span(koa, '/x'), [6, 8]);
  // the path it writes is still the guard's rest
  assert.deepEqual(span(koa, '/health'), [3, 5]);
  assert.equal(span(two, '/x'), null);
  assert.equal(span(chain, '/x'), null);
});

test('a plugin of a client package, run on from its own continuation: the handler\'s call on the client the file made is the line', (t) => {
  const dir = appWith(t, ['paginate-plugin']);
  fs.mkdirSync(path.join(dir, 'node_modules', 'restclient'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules', 'restclient', 'package.json'), JSON.stringify({ name: 'restclient', version: '20.1.1', dependencies: { 'paginate-plugin': '11.3.1' } }));
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const { Client } = require('restclient');", // 1
    'const client = new Client({});', // 2
    "server.route({ method: 'GET', path: '/issues', handler: async () => {", // 3
    '  const repo = pick();', // 4
    "  const issues = await client.paginate(client.rest.list, { repo });", // 5
    '  return { count: issues.length, first: issues.slice(0, 1) };', // 6
    '} });', // 7
  ].join('\n'));
  const sources = new AppSources();
  const next = { functionName: 'next', url: path.join(dir, 'node_modules/paginate-plugin/index.js'), line: 72, column: 1, kind: /** @type {const} */ ('node_modules') };
  // what the call returned (issues.slice) is data, not a use of the client
  assert.deepEqual(handlerUse([next], [app], 'GET /issues', sources), { pkg: 'paginate-plugin', url: app, line: 5, inHandler: true });
  // outside a handler nothing is said of a call that names no method of the stack
  assert.equal(handlerUse([next], [app], null, sources), null);
});

test('a handler that calls the package through an object a pool hands it: the method the stack names, on the one line', (t) => {
  const dir = appWith(t, ['slow-db']);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const { connect } = require('slow-db');", // 1
    "const app = require('express')();", // 2
    'const idle = [connect(), connect()];', // 3
    'const withConnection = async (fn) => { const c = idle.pop(); try { return await fn(c); } finally { idle.push(c); } };', // 4
    "app.get('/orders', async (req, res) => {", // 5
    "  const rows = await withConnection((conn) => conn.query('select * from orders'));", // 6
    '  res.json(rows.map((r) => r.id));', // 7
    '});', // 8
  ].join('\n'));
  const sources = new AppSources();
  const query = { functionName: 'Conn.query', url: path.join(dir, 'node_modules/slow-db/index.js'), line: 6, column: 5, kind: /** @type {const} */ ('node_modules') };
  assert.deepEqual(handlerUse([query], [app], 'GET /orders', sources), { pkg: 'slow-db', url: app, line: 6, inHandler: true }, 'not connect() on line 3');
  // a method the stack names that every response has is no sign
  const json = { ...query, functionName: 'json' };
  assert.deepEqual(handlerUse([json], [app], 'GET /orders', sources), { pkg: 'slow-db', url: app, line: 3, inHandler: false });
  // nor a method a global or another module's name has (`JSON.parse(` where the package's frame is a `parse`)
  const parse = { ...query, functionName: 'Conn.parse' };
  fs.writeFileSync(app, fs.readFileSync(app, 'utf8').replace("  res.json(rows.map((r) => r.id));", "  res.json(JSON.parse(req.query.ids).map((r) => r.id));"));
  assert.deepEqual(handlerUse([parse], [app], 'GET /orders', new AppSources()), { pkg: 'slow-db', url: app, line: 3, inHandler: false });
});

test('a package run from its own continuations that the app never names: the app\'s awaited call of a package that depends on it owns it (ethers over @noble/hashes)', async (t) => {
  const { awaitedDependent } = await import('../../src/analyze/handler-line.js');
  const dir = appWith(t, ['@noble/hashes', 'koa']);
  fs.mkdirSync(path.join(dir, 'node_modules/ethers'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules/ethers/package.json'), JSON.stringify({ name: 'ethers', version: '6.13.4', dependencies: { '@noble/hashes': '1.3.2' } }));
  const app = path.join(dir, 'app.mjs');
  const lines = [
    "import Koa from 'koa';", // 1
    "import { Wallet, parseUnits } from 'ethers';", // 2
    'const keystore = makeKeystore();', // 3
    'async function signRun(payouts) {', // 4
    "  const signer = await Wallet.fromEncryptedJson(keystore, 'pw');", // 5
    "  return Promise.all(payouts.map(async (p) => await signer.signTransaction({ value: parseUnits(p.amount, 6) })));", // 6
    '}', // 7
    'const app = new Koa();', // 8
    "app.use(async (ctx) => { ctx.body = await signRun(ctx.query.run); });", // 9
  ];
  fs.writeFileSync(app, lines.join('\n'));
  const stack = [{ functionName: 'scryptAsync', url: path.join(dir, 'node_modules/@noble/hashes/scrypt.js'), line: 215, column: 1, kind: /** @type {const} */ ('node_modules') }];
  // signer's method is a call of what the import made, not through the import: line 5 alone
  const found = awaitedDependent(stack, [app], 'GET /payouts/:run/sign', new AppSources());
  assert.deepEqual([found?.pkg, found?.running, found?.line, found?.call, found?.inHandler], ['ethers', '@noble/hashes', 5, 'Wallet.fromEncryptedJson', false]);
  // a package the running one does not belong to, or two awaited calls that could be it: none
  const other = [{ ...stack[0], url: path.join(dir, 'node_modules/koa/lib/application.js') }];
  assert.equal(awaitedDependent(other, [app], 'GET /payouts/:run/sign', new AppSources()), null);
  fs.writeFileSync(app, [...lines, "app.context.check = async () => await Wallet.fromEncryptedJson(keystore, 'pw2');"].join('\n'));
  assert.equal(awaitedDependent(stack, [app], 'GET /payouts/:run/sign', new AppSources()), null);
});
