// Express 5: the analytics dashboard shows the phone / tablet share of the last 9,000
// requests of the access log; /x classifies each request's User-Agent with mobile-detect 1.4.5 on every
// view (ordinary browser strings, made at start-up).
'use strict';
const express = require('express');
const MobileDetect = require('mobile-detect');

const recent = [];
for (let i = 0; i < 9000; i++) {
  recent.push(i % 4 === 0 ? `Mozilla/5.0 (Linux; Android ${8 + (i % 6)}; SM-G9${i % 90}0F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (i % 20)}.0.${4000 + i}.${i} Mobile Safari/537.36`
    : i % 4 === 1 ? `Mozilla/5.0 (iPhone; CPU iPhone OS 16_${i % 7} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.${i % 7} Mobile/15E${i}a Safari/604.1`
      : i % 4 === 2 ? `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${110 + (i % 15)}.0.${5000 + i}.${i} Safari/537.36`
        : `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_${i % 8}; rv:${100 + (i % 20)}.0) Gecko/20100101 Firefox/${100 + (i % 20)}.0`);
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const share = { phone: 0, tablet: 0, desktop: 0 };
  for (const ua of recent) {
    const md = new MobileDetect(ua);
    const kind = md.phone() ? 'phone' : md.tablet() ? 'tablet' : 'desktop';
    share[kind]++;
  }
  res.json({ requests: recent.length, share });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
