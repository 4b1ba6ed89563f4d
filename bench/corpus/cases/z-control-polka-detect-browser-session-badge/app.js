// Control: a polka account page's "this device" badge. /x classifies the caller's own User-Agent header once
// with detect-browser 5.3.0 (a short run through its browser and OS rule tables, microseconds) and returns it
// with the user's 20 most recent sessions, whose browser and OS were classified once when each session was
// created and stored with it. Nothing holds the loop.
'use strict';
const polka = require('polka');
const { detect } = require('detect-browser');

const FALLBACK_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const agents = [
  FALLBACK_UA,
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
];
const sessions = [];
for (let i = 0; i < 200; i++) {
  const b = detect(agents[i % agents.length]); // at sign-in: classified once, stored with the session
  sessions.push({ id: `s${i}`, user: `u${i % 10}`, browser: b && b.name, os: b && b.os, lastSeen: Date.now() - i * 3600e3 });
}

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const current = detect(req.headers['user-agent'] || FALLBACK_UA);
    const recent = sessions.filter((s) => s.user === 'u3').slice(0, 20);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ thisDevice: current && { browser: current.name, version: current.version, os: current.os }, recent }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
