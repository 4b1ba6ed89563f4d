// The app of bench/baseline-gate.js: a JSON endpoint whose handler does ~2 ms of CPU work per
// request. WORK_SCALE=1.3 makes that work 30% longer (a slower handler); BLOCK=1 adds a ~120 ms
// block every 25th request (a new blocking function).
const http = require('node:http');

const scale = Number(process.env.WORK_SCALE || 1);
const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b', 'c'], price: i * 1.5 }));
let served = 0;

function renderRows() {
  let out = '';
  for (let i = 0; i < Math.round(120 * scale); i++) out = JSON.stringify(rows);
  return out;
}

// a fixed amount of work, ~120 ms of CPU on this machine (as real code: its CPU time is what it is,
// a busy machine only makes it wait longer)
function renderQuarterlyReport() {
  let x = 0;
  for (let i = 0; i < 5e7; i++) x += Math.sqrt(i);
  return x;
}

function handler(req, res) {
  if (process.env.BLOCK && ++served % 25 === 0) renderQuarterlyReport();
  res.setHeader('content-type', 'application/json');
  res.end(renderRows());
}

http.createServer(handler).listen(Number(process.env.PORT || 0), '127.0.0.1');
