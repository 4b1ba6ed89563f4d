// Blocks in the service's own words: the requests that ran in a block, how many back to back and
// how long each, the requests that waited behind it; per route figures; route budgets; and the
// agent's request meter on real HTTP requests (route patterns, normalised paths, no query kept).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import dc from 'node:diagnostics_channel';
import { once } from 'node:events';
import { summariseBlockRequests, requestsOfBlock, routeRows, mergeRoutes, labelRoute } from '../../src/analyze/requests.js';
import { parseBudgets, evaluateBudgets, describeResult } from '../../src/analyze/budgets.js';
import { Histogram } from '../../src/agent/histogram.cjs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { RequestMeter, normalisePath } = require('../../src/agent/request-meter.cjs');

test('a block that ran eleven requests of a route back to back: ~150 ms each, and who waited behind it', () => {
  const D = 1650;
  /** @type {import('../../src/analyze/requests.js').RequestRow[]} */
  const requests = [
    [-400, null, 'GET', '/health', 200], // in flight when it began: delayed by the whole block
    ...Array.from({ length: 11 }, (_, i) => /** @type {import('../../src/analyze/requests.js').RequestRow} */ ([i * 150, i * 150 + 149, 'GET', '/report/:id', 200])),
    [1660, 1661, 'GET', '/health', 200], // started right after: it had waited
    [1900, 1901, 'GET', '/health', 200], // later: not this block's
  ];
  const s = summariseBlockRequests({ t: 0, durationMs: D, requests }, D);
  assert.deepEqual(s.ran, [{ route: 'GET /report/:id', count: 11, msEach: 149 }]);
  assert.equal(s.waited, 1 + 10 + 1);
  assert.equal(s.queuedAfter, 1);
  assert.equal(s.label, 'GET /report/:id ×11 (149 ms each)');
  // the one in flight waited 1650 ms; the 2nd..11th waited for the ones before them
  assert.equal(s.delayedMs, 1650 + (150 + 300 + 450 + 600 + 750 + 900 + 1050 + 1200 + 1350 + 1500));
  assert.equal(requestsOfBlock(1001, [{ t: 5000, durationMs: 1, requests: [] }, { t: 1000, durationMs: 1, requests: [] }])?.t, 1000);
  assert.equal(requestsOfBlock(1100, [{ t: 1000, durationMs: 1, requests: [] }]), null);
});

test('per route: latency from the agent, blocks and time blocked while it ran; budgets on a route and on the worst route', () => {
  const h = (/** @type {number[]} */ values) => {
    const x = new Histogram();
    for (const v of values) x.record(v);
    return x.toJSON();
  };
  const routes = mergeRoutes([
    { 'GET /report/:id': { count: 10, errors: 0, latency: h(Array(10).fill(150)) }, 'GET /health': { count: 50, errors: 1, latency: h(Array(50).fill(1)) } },
    { 'GET /report/:id': { count: 5, errors: 0, latency: h(Array(5).fill(160)) } },
  ]);
  const blocks = [
    { durationMs: 300, requests: { ran: [{ route: 'GET /report/:id', count: 2, msEach: 150 }], waited: 3, delayedMs: 10, queuedAfter: 0, label: null } },
    { durationMs: 200, requests: { ran: [{ route: 'GET /report/:id', count: 1, msEach: 150 }, { route: 'GET /health', count: 1, msEach: 50 }], waited: 0, delayedMs: 0, queuedAfter: 0, label: null } },
  ];
  const rows = routeRows(routes, blocks);
  assert.deepEqual(rows.map((r) => [r.route, r.requests, r.errors, r.blocks, r.blockedMs]), [['GET /report/:id', 15, 0, 2, 450], ['GET /health', 50, 1, 1, 50]]);
  assert.ok(Math.abs(rows[0].p50Ms - 150) < 3 && Math.abs(rows[0].maxMs - 160) < 3, JSON.stringify(rows[0]));
  const report = { routes: rows };
  const results = evaluateBudgets(report, parseBudgets('routes["GET /report/:id"].p99>100ms,routes.blocked>400ms,routes[\'GET /health\'].errors>5,routes["GET /nope"].p50>1ms'));
  assert.deepEqual(results.map((r) => r.ok), [false, false, true, false]);
  assert.match(describeResult(results[1]), /routes\.blockedMs is 450 ms in GET \/report\/:id/);
  assert.match(describeResult(results[3]), /saw no request of "GET \/nope": failed/);
  assert.throws(() => parseBudgets('routes.latency>1ms'), /not a numeric field/);
});

test('each route\'s row says what held its longest run in a block: its own culprit in a block of several routes, else the block\'s; rendered when two routes name one', async () => {
  const { renderRoutes } = await import('../../src/report/routes-table.js');
  const yaml = { label: 'js-yaml@4.1.0 load ← app.js:12' };
  const faker = { label: '@faker-js/faker@9.3.0 iban ← app.js:31' };
  const latency = new Histogram().toJSON();
  const routes = { 'GET /import': { count: 4, errors: 0, latency }, 'GET /customers': { count: 4, errors: 0, latency }, 'GET /health': { count: 9, errors: 0, latency } };
  const blocks = [
    // one route: the block's culprit is the route's
    { durationMs: 180, culprit: yaml, fix: 'cache-bound-offload', requests: { ran: [{ route: 'GET /import', count: 1, msEach: 170 }], waited: 1, delayedMs: 0, queuedAfter: 0, label: 'GET /import' } },
    // two routes back to back: the block names yaml, the second route its own culprit
    { durationMs: 320, culprit: yaml, fix: 'cache-bound-offload', requests: { ran: [
      { route: 'GET /import', count: 1, msEach: 200, culprit: yaml, fix: 'cache-bound-offload' },
      { route: 'GET /customers', count: 1, msEach: 110, culprit: faker, fix: 'allocation' },
      { route: 'GET /health', count: 1, msEach: 1 },
    ], waited: 2, delayedMs: 0, queuedAfter: 0, label: 'GET /import +2 route(s)' } },
  ];
  const rows = routeRows(routes, blocks);
  const held = Object.fromEntries(rows.map((r) => [r.route, r.heldBy ? [r.heldBy.label, r.heldBy.fix, r.heldBy.ms] : null]));
  assert.deepEqual(held, { 'GET /import': [yaml.label, 'cache-bound-offload', 200], 'GET /customers': [faker.label, 'allocation', 110], 'GET /health': null });
  const plain = { red: (/** @type {string} */ x) => x };
  const text = renderRoutes({ routes: rows }, /** @type {any} */ (plain)).join('\n');
  assert.match(text, /GET \/customers: held by @faker-js\/faker@9\.3\.0 iban ← app\.js:31 \(allocation\)/);
  assert.match(text, /GET \/import: held by js-yaml/);
  // one route named: the blocks table says it already, the routes table adds nothing
  const one = routeRows(routes, blocks.slice(0, 1));
  assert.doesNotMatch(renderRoutes({ routes: one }, /** @type {any} */ (plain)).join('\n'), /held by/);
});

test('paths without a route pattern are normalised: ids collapsed, no query', () => {
  assert.equal(normalisePath('/users/42/orders/9f8c1e2d3b4a5f60718293a4b5c6d7e8?token=secret'), '/users/:id/orders/:id');
  assert.equal(normalisePath('/files/0b6a6c9e-27b8-4d3b-9a52-1b1f7c0e2a11/download'), '/files/:id/download');
  assert.equal(normalisePath('/a/b'), '/a/b');
  assert.equal(normalisePath('/'), '/');
  assert.equal(normalisePath('/v2/items/sku-12345-abcde'), '/v2/items/:id');
});

test('the request meter on a real server: method and route, per route latency, the requests around a block', async () => {
  /** @type {any[]} */
  const events = [];
  const meter = new RequestMeter((/** @type {any} */ e) => events.push(e));
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/slow')) {
      const end = Date.now() + 60;
      while (Date.now() < end);
    }
    res.end('ok');
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  const get = (/** @type {string} */ p) => new Promise((resolve) => http.get(`http://127.0.0.1:${port}${p}`, (res) => { res.resume(); res.on('end', resolve); }));
  const t0 = Date.now();
  await get('/slow/7?q=secret');
  await get('/items/12');
  await get('/items/13');
  meter.block(t0 - 5, Date.now() - t0 + 10);
  meter.stop();
  server.close();
  const summary = meter.summary();
  assert.deepEqual(Object.keys(summary).sort(), ['GET /items/:id', 'GET /slow/:id']);
  assert.equal(summary['GET /items/:id'].count, 2);
  assert.ok(Histogram.fromJSON(summary['GET /slow/:id'].latency).max >= 55);
  const around = events.find((e) => e.type === 'block-requests');
  assert.ok(around, 'the block\'s requests were written');
  assert.deepEqual(around.requests.map((/** @type {any[]} */ r) => r[3]), ['/slow/:id', '/items/:id', '/items/:id']);
  assert.ok(!JSON.stringify(events).includes('secret'), 'no query value kept');
});

test('HTTP/2 streams are requests too, where Node publishes them (the 22 and 24 here; 20 does not): method and route', async (t) => {
  let published = false;
  const seen = () => { published = true; };
  dc.subscribe('http2.server.stream.finish', seen);
  t.after(() => dc.unsubscribe('http2.server.stream.finish', seen));
  const meter = new RequestMeter(() => {});
  t.after(() => meter.stop());
  const server = http2.createServer((req, res) => {
    res.statusCode = req.url.startsWith('/missing') ? 404 : 200;
    res.end('ok');
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const client = http2.connect(`http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`);
  const get = (/** @type {string} */ p) => new Promise((resolve) => {
    const r = client.request({ ':path': p });
    r.resume();
    r.on('end', resolve);
    r.end();
  });
  await get('/users/42?token=secret');
  await get('/users/43');
  await get('/missing/1');
  client.close();
  server.close();
  const summary = meter.summary();
  if (!published) {
    assert.deepEqual(summary, {}, 'Node 20 publishes no HTTP/2 stream: nothing is made up');
    return;
  }
  assert.deepEqual(Object.keys(summary).sort(), ['GET /missing/:id', 'GET /users/:id']);
  assert.equal(summary['GET /users/:id'].count, 2);
  assert.ok(!JSON.stringify(summary).includes('secret'));
});

test('the request meter loses no finished request when more requests start or finish than its ring holds, and names express routes under their base', () => {
  const meter = new RequestMeter(() => {});
  try {
    const route = { path: '/users/:id' };
    // express leaves the matched route on the request: named under its router's base
    for (let i = 0; i < 10_000; i++) {
      const req = { method: 'GET', url: `/api/users/${i}`, route, baseUrl: '/api' };
      meter.started({ request: req });
      meter.finished({ request: req, response: { statusCode: i % 100 === 0 ? 500 : 200 } });
    }
    // one finished, then more requests start than the ring holds (left open): its place is reused
    const first = { method: 'POST', url: '/upload/7' };
    meter.started({ request: first });
    meter.finished({ request: first, response: { statusCode: 201 } });
    for (let i = 0; i < 5000; i++) meter.started({ request: { method: 'GET', url: '/stream' } });
    const summary = meter.summary();
    assert.deepEqual(Object.keys(summary).sort(), ['GET /api/users/:id', 'POST /upload/:id']);
    assert.equal(summary['GET /api/users/:id'].count, 10_000);
    assert.equal(summary['GET /api/users/:id'].errors, 100);
    assert.equal(summary['POST /upload/:id'].count, 1);
  } finally {
    meter.stop();
  }
});

test('requests that stay open (a stream, a long poll) among thousands that finish: each finish finds its own, out of order, and the open ones are timed when they end or forgotten when their place is reused', () => {
  const meter = new RequestMeter(() => {});
  try {
    const poll = { method: 'GET', url: '/poll' };
    const stream = { method: 'GET', url: '/events' };
    meter.started({ request: stream });
    meter.started({ request: poll });
    // three in flight at a time, finishing out of order
    const inFlight = [];
    for (let i = 0; i < 3000; i++) {
      const req = { method: 'GET', url: `/items/${i}` };
      meter.started({ request: req });
      inFlight.push(req);
      if (inFlight.length === 3) {
        const [done] = inFlight.splice(i % 3, 1);
        meter.finished({ request: done, response: { statusCode: 200 } });
      }
    }
    for (const req of inFlight) meter.finished({ request: req, response: { statusCode: 200 } });
    assert.equal(meter.open, 2, 'the stream and the poll are the only ones open');
    // the long poll answers after 3000 others: still found, and timed
    meter.finished({ request: poll, response: { statusCode: 204 } });
    assert.equal(meter.open, 1);
    // a request never followed finds nothing and changes nothing
    meter.finished({ request: { method: 'GET', url: '/never-seen' }, response: { statusCode: 200 } });
    // more requests start than the ring holds, left open: the stream's place is reused, it is forgotten
    for (let i = 0; i < 5000; i++) meter.started({ request: { method: 'GET', url: '/hang' } });
    meter.finished({ request: stream, response: { statusCode: 200 } });
    const summary = meter.summary();
    assert.equal(summary['GET /items/:id'].count, 3000);
    assert.equal(summary['GET /poll'].count, 1);
    assert.equal(summary['GET /events'], undefined, 'forgotten once its place was reused');
    assert.ok(meter.open <= 4096, `open requests: ${meter.open}`);
  } finally {
    meter.stop();
  }
});

test('above its rate the meter follows 1 request in N, each standing for N in the counts; after a block, every request for a minute', (t) => {
  /** @type {any[]} */
  const events = [];
  const meter = new RequestMeter((/** @type {any} */ e) => events.push(e), { perS: 1000 });
  try {
    const serve = (/** @type {number} */ n, /** @type {string} */ url, /** @type {number} */ status = 200) => {
      for (let i = 0; i < n; i++) {
        const req = { method: 'GET', url };
        meter.started({ request: req });
        meter.finished({ request: req, response: { statusCode: status } });
      }
    };
    const t0 = Date.now();
    meter.tune(t0);
    serve(50, '/cheap'); // 500 a second over the first beat: every request followed
    meter.tune(t0 + 100);
    assert.equal(meter.every, 1);
    serve(400, '/cheap'); // 4000 a second: 1 in 4 from the next beat
    meter.tune(t0 + 200);
    assert.equal(meter.every, 4);
    meter.reset();
    serve(4000, '/cheap');
    serve(400, '/fail', 500);
    // a request that never finishes, left open among the unfollowed: the finishes still find theirs
    meter.started({ request: { method: 'GET', url: '/hang' } });
    assert.deepEqual(meter.traffic(), { served: 4401, followed: 1101 });
    const summary = meter.summary();
    assert.equal(summary['GET /cheap'].count, 4000, 'each followed request counts for 4');
    assert.deepEqual([summary['GET /fail'].count, summary['GET /fail'].errors], [400, 400]);
    assert.ok(meter.open <= 1, `open requests in the ring: ${meter.open}`);
    // a block: its requests say they stand for 4; from now on every request is followed
    // from here the meter's clock is held still and moved by hand: a busy machine that pauses this
    // thread between two statements must not move a request out of the block it follows
    let clock = performance.now();
    t.mock.method(performance, 'now', () => clock);
    const blockAt = performance.timeOrigin + performance.now();
    for (let i = 0; i < 8; i++) meter.started({ request: { method: 'POST', url: '/upload/7' } });
    // the late beat that ends the block comes first, its rate lowered by the block: 1 in 1 from now on
    meter.tune(blockAt + 5000);
    assert.equal(meter.every, 1);
    clock += 100;
    meter.block(blockAt, performance.timeOrigin + performance.now() - blockAt);
    clock += 1; // the requests that waited behind it start as it ends
    serve(10, '/after');
    meter.tune(blockAt + 6000);
    serve(10, '/after');
    assert.equal(meter.every, 1, 'a minute after a block, every request is followed whatever the rate');
    assert.deepEqual(meter.traffic(), { served: 4429, followed: 1123 });
    meter.flush(true);
    const around = events.find((e) => e.type === 'block-requests');
    assert.equal(around.oneIn, 4, 'the block ran while 1 request in 4 was followed');
    const rows = around.requests.filter((/** @type {any[]} */ r) => r[2] === 'POST');
    assert.deepEqual(rows.map((/** @type {any[]} */ r) => r[5]), [4, 4], JSON.stringify(around.requests));
    const after = around.requests.filter((/** @type {any[]} */ r) => r[3] === '/after');
    assert.deepEqual(after.map((/** @type {any[]} */ r) => r.length), Array(20).fill(5), 'the requests right after it, each followed: nothing more said');
  } finally {
    meter.stop();
  }
});

/** `n` quick requests to `/`, each started and finished. @param {RequestMeter} meter @param {number} n */
function serveQuick(meter, n) {
  for (let i = 0; i < n; i++) {
    const req = { method: 'GET', url: '/' };
    meter.started({ request: req });
    meter.finished({ request: req, response: { statusCode: 200 } });
  }
}

test('traffic in bursts (a second\'s requests at once, then a lull): the lull does not set N back to 1, so the next burst is sampled too', () => {
  const meter = new RequestMeter(() => {}, { perS: 1000 });
  try {
    let t = 1_000_000;
    meter.tune(t);
    const second = () => {
      // 4000 requests in the first beat of the second, then nine beats with none
      serveQuick(meter, 4000);
      for (let beat = 0; beat < 10; beat++) meter.tune((t += 100));
    };
    second();
    second();
    second();
    meter.reset();
    second();
    const { served, followed } = meter.traffic();
    assert.equal(served, 4000);
    // 4000 a second on average against a rate of 1000: about 1 in 4 (all 4000 followed before the average)
    assert.ok(followed <= 1500, `followed ${followed} of ${served}`);
    assert.ok(meter.every > 1, `every ${meter.every} in the lull`);
  } finally {
    meter.stop();
  }
});

test('a stall the machine held (its thread waited for a CPU): 1 request in N is still followed after it; after the app\'s block, every one', () => {
  const meter = new RequestMeter(() => {}, { perS: 1000 });
  try {
    let t = 1_000_000;
    meter.tune(t);
    const beat = () => {
      serveQuick(meter, 400);
      meter.tune((t += 100));
    };
    beat(); // 4000 a second: 1 in 4
    assert.equal(meter.every, 4);
    meter.block(t - 50, 150, false);
    beat();
    assert.equal(meter.every, 4, 'the machine\'s stall does not make the meter follow every request');
    meter.block(t - 50, 150);
    assert.equal(meter.every, 1);
    beat();
    assert.equal(meter.every, 1, 'a minute after the app\'s block, every request');
  } finally {
    meter.stop();
  }
});

test('a block whose requests were followed 1 in N: those that waited are counted N times each, the ones that ran named as seen', () => {
  const s = summariseBlockRequests({ t: 0, durationMs: 300, requests: [
    [-50, null, 'GET', '/items', 200, 10], [-20, 310, 'GET', '/items', 200, 10], [0, 300, 'GET', '/report', 200, 10], [305, 306, 'GET', '/items', 200],
  ] }, 300);
  assert.equal(s.label, 'GET /report');
  assert.equal(s.oneIn, 10);
  assert.equal(s.waited, 21);
  assert.equal(s.queuedAfter, 1);
  assert.equal(s.delayedMs, 6000);
  const full = summariseBlockRequests({ t: 0, durationMs: 300, requests: [[-50, null, 'GET', '/items', 200], [0, 300, 'GET', '/report', 200]] }, 300);
  assert.equal(full.oneIn, undefined);
  // none of those followed was in flight: the block still says 1 in N were
  const none = summariseBlockRequests({ t: 0, durationMs: 300, oneIn: 30, requests: [[305, 306, 'GET', '/items', 200]] }, 300);
  assert.deepEqual([none.label, none.oneIn, none.waited], [null, 30, 1]);
  assert.equal(full.waited, 1);
});

test('which request ran a block: the one whose handler answered after the work, when a framework defers its handlers; an awaiting request that answered in it; never a quick one for a large response\'s work', () => {
  // restana runs its handlers in a setImmediate: both requests start, then /x works 143 ms and
  // answers, then /health answers (it read as /health ran 143 ms)
  const deferred = summariseBlockRequests({ t: 0, durationMs: 144, requests: [[0, 143.4, 'GET', '/x', 200], [0.09, 143.7, 'GET', '/health', 200]] }, 144);
  assert.equal(deferred.label, 'GET /x +1 route(s)');
  assert.deepEqual(deferred.ran.map((r) => [r.route, r.msEach]), [['GET /x', 143.4], ['GET /health', 0.3]]);
  // handlers run in order (express): each ran until it answered
  const inOrder = summariseBlockRequests({ t: 0, durationMs: 300, requests: [[0, 149, 'GET', '/a', 200], [150, 299, 'GET', '/b', 200]] }, 300);
  assert.deepEqual(inOrder.ran.map((r) => [r.route, r.msEach]), [['GET /a', 149], ['GET /b', 149]]);
  // a request in flight (its handler awaited a query) that went on in the block and answered: it ran
  // the block, and is not counted as one that waited
  const awaited = summariseBlockRequests({ t: 0, durationMs: 200, requests: [[-40, 199, 'GET', '/export', 200], [-30, null, 'GET', '/health', 200]] }, 200);
  assert.equal(awaited.label, 'GET /export');
  assert.equal(awaited.waited, 1);
  // a large response finishes after the block: a quick request in flight that answers in it does not take the work
  const large = summariseBlockRequests({ t: 0, durationMs: 200, requests: [[0, 260, 'GET', '/report', 200], [-30, 199, 'GET', '/health', 200]] }, 200);
  assert.equal(large.label, 'GET /report');
  assert.equal(large.ran.length, 1);
});

test('a route the capture saw too little of takes no culprit from its block when the block\'s culprit is another route\'s own', () => {
  const sift = { label: 'sift@17.1.4 createDefaultQueryTester ← app.js:37' };
  const latency = new Histogram().toJSON();
  const routes = { 'GET /alerts/preview': { count: 2, errors: 0, latency }, 'GET /alerts/evaluate': { count: 2, errors: 0, latency } };
  const blocks = [{ durationMs: 865, culprit: sift, fix: 'compile-once', requests: { ran: [
    { route: 'GET /alerts/preview', count: 1, msEach: 503 },
    { route: 'GET /alerts/evaluate', count: 1, msEach: 361, culprit: sift, fix: 'compile-once' },
  ], waited: 2, delayedMs: 0, queuedAfter: 0, label: 'GET /alerts/preview +1 route(s)' } }];
  const held = Object.fromEntries(routeRows(routes, blocks).map((r) => [r.route, r.heldBy?.label ?? null]));
  assert.deepEqual(held, { 'GET /alerts/preview': null, 'GET /alerts/evaluate': sift.label });
});

test('a requests label reads back as it was written: its route, how many back to back and how long each, and whether other routes ran', () => {
  assert.deepEqual(labelRoute('GET /export ×11 (150 ms each)'), { route: 'GET /export', count: 11, msEach: 150, several: false });
  assert.deepEqual(labelRoute('GET /orders/:id +2 route(s)'), { route: 'GET /orders/:id', count: 1, msEach: null, several: true });
  assert.deepEqual(labelRoute('GET /x ×2 (563 ms each) +1 route(s)'), { route: 'GET /x', count: 2, msEach: 563, several: true });
  assert.equal(labelRoute(null), null);
});
