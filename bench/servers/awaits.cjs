// Bench target: every request awaits 50 promises before answering (promise-heavy code, where
// async_hooks-based tools cost the most).
const http = require('node:http');
async function step(i) { return i; }
http.createServer(async (req, res) => {
  let sum = 0;
  for (let i = 0; i < 50; i++) sum += await step(i);
  res.end(`sum ${sum}\n`);
}).listen(Number(process.env.PORT));
