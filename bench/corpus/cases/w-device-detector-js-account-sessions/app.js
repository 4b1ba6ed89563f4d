// Express: the account security page lists the devices of a user's 50 active sessions, parsing each
// session's stored User-Agent with device-detector-js 3.0.3 on every view (ordinary browser strings).
'use strict';
const express = require('express');
const DeviceDetector = require('device-detector-js');

const detector = new DeviceDetector();
const sessions = [];
for (let i = 0; i < 50; i++) {
  const ua = i % 4 === 0 ? `Mozilla/5.0 (Linux; Android ${8 + (i % 6)}; SM-G9${i % 90}0F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + (i % 20)}.0.${4000 + i}.${i} Mobile Safari/537.36`
    : i % 4 === 1 ? `Mozilla/5.0 (iPhone; CPU iPhone OS 16_${i % 7} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.${i % 7} Mobile/15E${i}a Safari/604.1`
      : i % 4 === 2 ? `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${110 + (i % 15)}.0.${5000 + i}.${i} Safari/537.36 Edg/${110 + (i % 15)}.0.${1000 + i}.${i}`
        : `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_${i % 8}; rv:${100 + (i % 20)}.0) Gecko/20100101 Firefox/${100 + (i % 20)}.0`;
  sessions.push({ id: `s${i}`, ua, lastSeen: Date.now() - i * 3600e3 });
}
detector.parse(sessions[0].ua); // warm the detector's regex tables once at start-up

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const devices = sessions.map((s) => {
    const r = detector.parse(s.ua);
    return { id: s.id, client: r.client && r.client.name, os: r.os && r.os.name, device: r.device && r.device.type };
  });
  res.json({ sessions: devices.length, mobile: devices.filter((d) => d.device === 'smartphone').length });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
