// Plain http: a "nearby pairs" report computed by the app's own nested loop over 7,000 points.
'use strict';
const http = require('node:http');

const points = [];
for (let i = 0; i < 7000; i++) points.push({ x: (i * 7919) % 1000, y: (i * 104729) % 1000 });

const server = http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  if (req.url !== '/x') {
    res.statusCode = 404;
    return res.end();
  }
  let close = 0;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const dx = points[i].x - points[j].x, dy = points[i].y - points[j].y; if (Math.sqrt(dx * dx + dy * dy) < 5) close++;
    }
  }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ close }));
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
