// Koa: the security team's admin panel shows the browser / OS mix of the last 20,000 sign-ins. Each sign-in
// row keeps the raw User-Agent header; /x classifies every row with detect-browser 5.3.0 on each view.
// Ordinary browser strings (a few hundred distinct ones), made at start-up here.
'use strict';
const Koa = require('koa');
const { detect } = require('detect-browser');

const templates = [
  (i) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${118 + (i % 8)}.0.${6000 + (i % 40)}.${i % 90} Safari/537.36`,
  (i) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${i % 6} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${i % 6} Mobile/15E148 Safari/604.1`,
  (i) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${i % 5} Safari/605.1.15`,
  (i) => `Mozilla/5.0 (X11; Linux x86_64; rv:${115 + (i % 10)}.0) Gecko/20100101 Firefox/${115 + (i % 10)}.0`,
  (i) => `Mozilla/5.0 (Linux; Android ${12 + (i % 3)}; Pixel ${6 + (i % 3)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${119 + (i % 5)}.0.${6045 + (i % 30)}.163 Mobile Safari/537.36`,
  (i) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${119 + (i % 4)}.0.0.0 Safari/537.36 Edg/${119 + (i % 4)}.0.${2100 + (i % 20)}.${i % 70}`,
  (i) => `Mozilla/5.0 (Linux; Android 13; SM-S91${i % 8}B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36`,
];
const signins = [];
for (let i = 0; i < 20000; i++) {
  signins.push({ user: `u${(i * 37) % 5000}`, at: Date.now() - i * 60e3, ok: i % 23 !== 0, ua: templates[(i * 5) % templates.length](i) });
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const mix = {};
  let failed = 0;
  for (const s of signins) {
    const b = detect(s.ua);
    const key = b ? `${b.name} / ${b.os}` : 'unknown';
    mix[key] = (mix[key] || 0) + 1;
    if (!s.ok) failed++;
  }
  ctx.body = { signins: signins.length, failed, mix };
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
