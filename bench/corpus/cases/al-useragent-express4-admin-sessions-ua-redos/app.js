// Express 4: the "where you're signed in" page of an account's security settings. Each session keeps the
// User-Agent header it signed in with; the page names browser and OS with useragent 2.3.0 (the parser a logging
// middleware brought in). One session was opened by an HTTP client that padded its User-Agent with a run of
// 620 spaces: useragent's bot patterns (` *([A-Za-z0-9 \-_...]*(?:...[Bb]ot|[Ss]pider|...))\/(\d+)`) try every
// split of that run at every start (cubic backtracking; the ReDoS advisory open against 2.3.0, its last release).
'use strict';
const express = require('express');
const useragent = require('useragent');

const agents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
];
const sessions = Array.from({ length: 24 }, (_, i) => ({ id: `s_${i}`, ip: `10.0.${i}.7`, agent: agents[i % agents.length], lastSeen: Date.now() - i * 3600e3 }));
sessions[9].agent = `Mozilla/5.0 (compatible; sync-client)${' '.repeat(620)}(linux)`;

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const rows = sessions.map((s) => {
    const ua = useragent.parse(s.agent);
    return { id: s.id, ip: s.ip, browser: ua.toAgent(), os: ua.os.toString(), device: ua.device.toString(), lastSeen: new Date(s.lastSeen).toISOString() };
  });
  res.json({ sessions: rows });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
