// Hono on @hono/node-server (secureHeaders, cors, etag): a Chinese grocery chain's product search. Shoppers type
// pinyin ("niunai", "nn") into the search box; /x converts the query to pinyin initials with pinyin-pro, then
// converts the names of the whole catalogue (5,000 products) to full pinyin and initials with pinyin-pro on every
// query to match against them. pinyin-pro (its minified dist/index.js bundle with the dictionary) segments each name
// and looks up every character, on the loop, although the catalogue only changes with the nightly import.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { secureHeaders } = require('hono/secure-headers');
const { cors } = require('hono/cors');
const { etag } = require('hono/etag');
const { pinyin } = require('pinyin-pro');

const brands = ['蒙牛', '伊利', '光明', '三只松鼠', '良品铺子', '农夫山泉', '康师傅', '统一', '海天', '老干妈', '金龙鱼', '五粮液'];
const goods = ['纯牛奶', '酸奶', '坚果礼盒', '牛肉干', '矿泉水', '红烧牛肉面', '绿茶', '生抽酱油', '风味豆豉', '调和油', '白酒', '巧克力饼干', '草莓果酱', '速冻水饺', '香辣鸡翅'];
const specs = ['250毫升', '整箱装', '家庭装', '原味', '低脂', '特惠装', '500克', '限量版'];
const catalogue = Array.from({ length: 5000 }, (_, i) => ({
  sku: `SKU-${300000 + i}`, price: ((i * 37) % 9000) / 100 + 1,
  name: `${brands[i % brands.length]}${goods[(i * 7) % goods.length]}${specs[(i * 3) % specs.length]}（第${i % 50}批）`,
}));

const app = new Hono();
app.use('*', secureHeaders());
app.use('*', cors({ origin: 'https://shop.example.cn' }));
app.use('*', etag());
app.get('/health', (c) => c.json({ ok: true }));
app.get('/x', (c) => {
  const q = c.req.query('q') || '牛奶';
  const initials = pinyin(q, { pattern: 'first', toneType: 'none', separator: '' });
  const hits = [];
  for (const p of catalogue) {
    const full = pinyin(p.name, { toneType: 'none', separator: '' });
    const first = pinyin(p.name, { pattern: 'first', toneType: 'none', separator: '' });
    if (full.includes(q) || first.includes(initials) || p.name.includes(q)) hits.push({ sku: p.sku, name: p.name, price: p.price });
  }
  return c.json({ q, initials, total: hits.length, hits: hits.slice(0, 40) });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
