// Restify (ESM): the product-analytics service's weekly retention matrix. /x takes the app's 260,000 activity
// events of the last 26 weeks (made at start-up), finds each user's sign-up week, and counts, for each
// sign-up cohort, the distinct users active 0, 1, 2 ... weeks later. All of it is the handler's own
// JavaScript: a loop over the events, a Map of users and a Set per cohort and week, in one macrotask.
import restify from 'restify';

const WEEK = 7 * 24 * 3600 * 1000;
const start = Date.UTC(2024, 5, 3);
let seed = 11;
const rnd = (n) => (seed = (seed * 16807) % 2147483647) % n;
const events = [];
for (let u = 0; u < 26000; u++) {
  const signup = start + rnd(26) * WEEK + rnd(WEEK);
  const weeks = Math.floor((start + 26 * WEEK - signup) / WEEK);
  for (let k = 0; k < 10; k++) events.push({ user: `u-${u}`, at: signup + Math.floor(rnd(weeks + 1) * WEEK * (rnd(3) ? 0.3 : 1)), type: ['view', 'search', 'cart', 'order'][rnd(4)] });
}

function retention(all) {
  const firstSeen = new Map();
  for (const e of all) {
    const seen = firstSeen.get(e.user);
    if (seen === undefined || e.at < seen) firstSeen.set(e.user, e.at);
  }
  const cells = [];
  for (const e of all) {
    const cohort = Math.floor((firstSeen.get(e.user) - start) / WEEK);
    const offset = Math.floor((e.at - start) / WEEK) - cohort;
    const row = cells[cohort] ?? (cells[cohort] = []);
    (row[offset] ?? (row[offset] = new Set())).add(e.user);
  }
  return cells.map((row, cohort) => {
    const size = row[0] ? row[0].size : 0;
    return { cohort, size, retained: row.map((users) => (size ? Math.round((1000 * users.size) / size) / 10 : 0)) };
  });
}

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send('ok'); next(); });
server.get('/x', (req, res, next) => {
  const matrix = retention(events);
  res.send({ weeks: 26, cohorts: matrix });
  next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
