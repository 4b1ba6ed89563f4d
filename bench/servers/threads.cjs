// Bench target: every request handed to one of two worker threads, which answers it (a small
// computation on the thread's own loop): what measuring the threads' loops (--threads) costs.
const http = require('node:http');
const { Worker } = require('node:worker_threads');
const source = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (id) => { let x = 0; for (let i = 0; i < 200; i++) x += Math.sqrt(i); parentPort.postMessage({ id, x }); });
`;
const workers = [0, 1].map(() => new Worker(source, { eval: true }));
const waiting = new Map();
let next = 0;
for (const w of workers) w.on('message', ({ id }) => { waiting.get(id)?.end('hello\n'); waiting.delete(id); });
http.createServer((req, res) => {
  const id = next++;
  waiting.set(id, res);
  workers[id % 2].postMessage(id);
}).listen(Number(process.env.PORT));
