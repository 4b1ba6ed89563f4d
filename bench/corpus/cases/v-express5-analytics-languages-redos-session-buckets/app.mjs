// Express 5 (ESM): a shop's web analytics service. Two of the dashboard's reports are slow. /reports/languages
// counts the visitors' preferred languages over the last 3,000 page views: each view's logged Accept-Language
// header is parsed with negotiator's languages(), as content negotiation parses it. One logged view is a
// scanner's, its header 10,000 characters of "x-". /reports/session-buckets splits the day's 60,000 session
// durations into 6 natural groups (short bounce to long browse) with simple-statistics' ckmeans, for the
// engagement chart. The page views and sessions (the collector's in-memory buffer) are made at start-up.
import express from 'express';
import Negotiator from 'negotiator';
import { ckmeans } from 'simple-statistics';

const accepts = ['de-DE,de;q=0.9,en;q=0.8', 'en-GB,en;q=0.9', 'en-US,en;q=0.9,de;q=0.7', 'fr-FR,fr;q=0.9,en;q=0.5', 'nl-NL,nl;q=0.9,en-GB;q=0.8,en;q=0.7', 'pl,en-US;q=0.7,en;q=0.3'];
let seed = 17;
const rnd = (n) => (seed = (seed * 16807) % 2147483647) % n;
const views = Array.from({ length: 3000 }, (_, i) => ({ path: `/p/${rnd(900)}`, at: Date.UTC(2025, 2, 3, 9) + i * 1100, acceptLanguage: accepts[rnd(accepts.length)] }));
views[1877].acceptLanguage = `en-${'x-'.repeat(5000)} !`;
const sessions = Array.from({ length: 60000 }, () => Math.round(Math.exp(rnd(1000) / 120)) + rnd(30));

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/reports/languages', (req, res) => {
  const counts = {};
  for (const v of views) {
    const [preferred = 'unknown'] = new Negotiator({ headers: { 'accept-language': v.acceptLanguage } }).languages();
    counts[preferred] = (counts[preferred] ?? 0) + 1;
  }
  res.json({ views: views.length, languages: Object.entries(counts).sort((a, b) => b[1] - a[1]) });
});
app.get('/reports/session-buckets', (req, res) => {
  const groups = ckmeans(sessions, 6);
  res.json({ sessions: sessions.length, buckets: groups.map((g) => ({ from: g[0], to: g[g.length - 1], sessions: g.length })) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
