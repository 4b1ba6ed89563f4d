// Bench target for attribution: blocks of random length (10-500 ms) and kind (sync loop, await
// loop, nextTick recursion), separated by idle gaps (120-200 ms); the truth is written to the file
// in argv[2]. argv: truth file, count, seed, and optionally the longest block and the shortest gap
// in ms (a higher threshold's bench: bench/production-accuracy.js).
const fs = require('node:fs');
const crypto = require('node:crypto');

const [truthFile, countArg, seedArg, maxArg, gapArg] = process.argv.slice(2);
const maxMs = Number(maxArg || 500);
const gapMs = Number(gapArg || 120);
let seed = Number(seedArg || 1);
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const now = () => performance.timeOrigin + performance.now();
const work = (hash) => hash.update(crypto.randomBytes(100).toString('hex'));

function syncKind(ms) {
  const hash = crypto.createHash('sha256');
  const end = performance.now() + ms;
  while (performance.now() < end) work(hash);
}
async function nothing() {}
async function awaitKind(ms) {
  const hash = crypto.createHash('sha256');
  const end = performance.now() + ms;
  while (performance.now() < end) { work(hash); await nothing(); }
}
function tickKind(ms) {
  return new Promise((resolve) => {
    const hash = crypto.createHash('sha256');
    const end = performance.now() + ms;
    (function step() { work(hash); if (performance.now() < end) process.nextTick(step); else resolve(); })();
  });
}

// Each block starts in a timer callback of its own, as real work starts from a macrotask.
const kinds = {
  sync: (ms, done) => { syncKind(ms); done(); },
  microtask: (ms, done) => { awaitKind(ms).then(done); },
  nextTick: (ms, done) => { tickKind(ms).then(done); },
};
const names = Object.keys(kinds);
const truth = [];
(async () => {
  await new Promise((r) => setTimeout(r, 300));
  for (let i = 0; i < Number(countArg || 40); i++) {
    const ms = 10 + Math.round(random() * (maxMs - 10));
    const kind = names[Math.floor(random() * names.length)];
    await new Promise((resolve) => setTimeout(() => {
      const t = now();
      kinds[kind](ms, () => {
        truth.push({ t, durationMs: now() - t, wantedMs: ms, kind });
        resolve();
      });
    }, gapMs * (1 + random() * 2 / 3)));
  }
  fs.writeFileSync(truthFile, JSON.stringify(truth));
})();
