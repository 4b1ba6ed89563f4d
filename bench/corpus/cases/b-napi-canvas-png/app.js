// A chart endpoint on node:http: draws a bar chart of the day's orders with @napi-rs/canvas (Skia)
// and encodes it as PNG with the sync toBuffer.
'use strict';
const http = require('node:http');
const { createCanvas } = require('@napi-rs/canvas');

const orders = Array.from({ length: 240 }, (_, i) => 20 + ((i * 7919) % 97));

function drawChart() {
  const canvas = createCanvas(2400, 1400);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 2400, 1400);
  orders.forEach((n, i) => {
    ctx.fillStyle = `hsl(${(i * 3) % 360}, 60%, 50%)`;
    ctx.fillRect(10 + i * 10, 1350 - n * 12, 8, n * 12);
  });
  ctx.fillStyle = '#222';
  ctx.font = '48px sans-serif';
  ctx.fillText('Orders per 6 minutes', 40, 80);
  return canvas;
}

http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  const canvas = drawChart();
  const png = canvas.toBuffer('image/png');
  res.writeHead(200, { 'Content-Type': 'image/png' });
  res.end(png);
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
