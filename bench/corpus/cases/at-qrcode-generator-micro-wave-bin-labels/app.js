// micro: the label service of a warehouse management system. Before a picking wave, /waves/:id/bin-labels renders the
// printable sheet of the wave's 80 bin labels, each with the bin's deep link as a QR code (qrcode-generator, inline
// SVG), regenerated from scratch on every print. The waves and bins are made at start-up.
'use strict';
const http = require('node:http');
const { serve, send } = require('micro');
const qrcode = require('qrcode-generator');

const waves = new Map(Array.from({ length: 5 }, (_, w) => [`WV-${8800 + w}`, Array.from({ length: 80 }, (_, i) => ({
  bin: `${String.fromCharCode(65 + ((i + w) % 8))}${String(1 + (i % 40)).padStart(2, '0')}-${(i % 6) + 1}`, sku: `SKU-${40000 + ((i * 37 + w) % 9000)}`, qty: 1 + ((i * 7) % 24),
}))]));

function qrSvg(text) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 2, margin: 0, scalable: true });
}

function labelSheet(waveId, bins) {
  const labels = bins.map((b) => `<figure class="label">${qrSvg(`https://wms.example-logistics.eu/bins/DUS2/${b.bin}?wave=${waveId}&sku=${b.sku}`)}<figcaption>${b.bin} · ${b.sku} × ${b.qty}</figcaption></figure>`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${waveId} bin labels</title></head><body>${labels.join('')}</body></html>`;
}

const handler = async (req, res) => {
  const path = req.url.split('?')[0];
  if (path === '/health') return 'ok';
  const m = path.match(/^\/waves\/([\w-]+)\/bin-labels$/);
  const bins = m && waves.get(m[1]);
  if (!bins) return send(res, 404, { error: 'unknown wave' });
  res.setHeader('content-type', 'text/html; charset=utf-8');
  return labelSheet(m[1], bins);
};
http.createServer(serve(handler)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
