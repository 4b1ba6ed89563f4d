// Polka: the admin dashboard's "browsers and systems" panel. It breaks down the last 16,000 requests of
// the access log by browser and operating system, read from each entry's User-Agent header.
'use strict';
const polka = require('polka');
const Bowser = require('bowser');

const agents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.43 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.61',
];
const accessLog = Array.from({ length: 16000 }, (_, i) => ({
  path: `/p/${i % 300}`, status: i % 50 ? 200 : 404, ua: agents[i % agents.length].replace(/\d+\.0/, (m) => `${m}.${i % 97}`),
}));

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const counts = {};
    for (const entry of accessLog) {
      const parsed = Bowser.parse(entry.ua);
      const key = `${parsed.browser.name} / ${parsed.os.name}`;
      counts[key] = (counts[key] || 0) + 1;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(counts));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
