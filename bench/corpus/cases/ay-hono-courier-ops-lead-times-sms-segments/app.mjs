// Hono on @hono/node-server (ESM): a courier's operations API with two slow pages.
// /network/lead-times: the depot lead-time matrix for the planners, computed per request with graphlib's
// alg.dijkstraAll over the 230-depot trunk network (a Dijkstra from every depot, on graphlib's Graph and its
// priority queue). /notifications/sms-preview: the outgoing SMS queue (1,300 delivery notices with emoji and
// accented names) with each message's length in user-perceived characters and its segment count, counted with
// graphemer's countGraphemes (it walks every code point through the Unicode grapheme-break tables).
// Network and queue made at start-up.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import graphlib from 'graphlib';
import GraphemerModule from 'graphemer';

const Graphemer = GraphemerModule.default;
const splitter = new Graphemer();

const network = new graphlib.Graph({ directed: true });
const depots = Array.from({ length: 230 }, (_, i) => `D${String(i + 1).padStart(3, '0')}`);
for (const d of depots) network.setNode(d, { name: d });
depots.forEach((d, i) => { for (const hop of [1, 7, 31, 53]) network.setEdge(d, depots[(i + hop) % depots.length], { hours: 2 + ((i * hop) % 19) }); });

const names = ['Zoë', 'Łukasz', 'Siobhán', 'José', 'Ingrid', 'Nguyễn', 'Aïcha', 'Björn'];
const smsQueue = Array.from({ length: 1300 }, (_, i) => ({
  to: `+4479${String(10000000 + i * 7919).slice(0, 8)}`,
  text: `Hi ${names[i % names.length]} 👋🏽 your parcel 📦 JD0146${String(i).padStart(5, '0')} arrives ${['today', 'tomorrow'][i % 2]} 10:00–12:00 🚚. Change: example.com/d/${i} ✨ Reply STOP to opt out 🇬🇧`.repeat(1 + (i % 2)),
}));

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/network/lead-times', (c) => {
  const all = graphlib.alg.dijkstraAll(network, (e) => network.edge(e).hours);
  const worst = depots.map((from) => { const row = all[from]; const far = depots.reduce((a, to) => (row[to].distance > row[a].distance ? to : a), from); return { from, to: far, hours: row[far].distance }; });
  return c.json({ depots: depots.length, worst: worst.sort((a, b) => b.hours - a.hours).slice(0, 20) });
});
app.get('/notifications/sms-preview', (c) => {
  const preview = smsQueue.map((m) => {
    const chars = splitter.countGraphemes(m.text);
    return { to: m.to, chars, segments: chars <= 70 ? 1 : Math.ceil(chars / 67) };
  });
  return c.json({ queued: preview.length, segments: preview.reduce((s, p) => s + p.segments, 0), first: preview.slice(0, 20) });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
