// node:http: a store-availability API done right. The product page asks /x?sku=&store= "how many can
// I pick up here, and where else is it in stock?". The two statements are built with kysely once at
// start-up (compile() with the Postgres compiler; no driver, since the app sends statements through
// the company's DB gateway) and each request only binds its sku and store to the compiled text. The
// gateway is a stub here that answers from a small in-memory stock table.
'use strict';
const http = require('node:http');
const { Kysely, DummyDriver, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } = require('kysely');

const db = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

// compiled once; the placeholders' values are bound per request
const atStore = db.selectFrom('stock_levels as s').innerJoin('stores as st', 'st.id', 's.store_id')
  .select(['s.sku', 's.store_id', 's.on_hand', 's.reserved', 'st.name']).where('s.sku', '=', sql.val('?')).where('s.store_id', '=', sql.val(0)).compile();
const elsewhere = db.selectFrom('stock_levels as s').innerJoin('stores as st', 'st.id', 's.store_id')
  .select(['s.store_id', 'st.name', 's.on_hand']).where('s.sku', '=', sql.val('?')).where('s.on_hand', '>', sql.val(0))
  .where('st.region', '=', sql.val('?')).orderBy('s.on_hand', 'desc').limit(sql.val(5)).compile();

const stores = Array.from({ length: 60 }, (_, i) => ({ id: 100 + i, name: `Store ${100 + i}`, region: ['north', 'south', 'west'][i % 3] }));
const stock = new Map();
for (let p = 0; p < 2000; p++) {
  for (const st of stores) if ((p + st.id) % 4 !== 0) stock.set(`SKU-${30000 + p}|${st.id}`, { onHand: (p * st.id) % 25, reserved: p % 3 });
}
const gateway = {
  run(compiled, parameters) { // what the real gateway client sends: the compiled text and this request's values
    if (compiled === atStore) {
      const s = stock.get(`${parameters[0]}|${parameters[1]}`);
      return s ? [{ sku: parameters[0], store_id: parameters[1], on_hand: s.onHand, reserved: s.reserved }] : [];
    }
    return stores.filter((st) => st.region === parameters[2]).map((st) => ({ store_id: st.id, name: st.name, on_hand: stock.get(`${parameters[0]}|${st.id}`)?.onHand ?? 0 }))
      .filter((r) => r.on_hand > parameters[1]).sort((a, b) => b.on_hand - a.on_hand).slice(0, parameters[3]);
  },
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  } else if (url.pathname === '/x') {
    const sku = url.searchParams.get('sku') || 'SKU-31234';
    const storeId = Number(url.searchParams.get('store')) || 117;
    const region = stores.find((st) => st.id === storeId)?.region ?? 'north';
    const here = gateway.run(atStore, [sku, storeId]);
    const others = gateway.run(elsewhere, [sku, 0, region, 5]);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sku, store: storeId, here: here[0] ?? null, elsewhere: others }));
  } else {
    res.writeHead(404).end();
  }
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
