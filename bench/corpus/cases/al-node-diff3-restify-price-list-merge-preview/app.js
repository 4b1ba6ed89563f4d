// restify 11: a wholesaler's price-list editor. Two buyers edit the 12,000-line supplier price list (CSV) from the
// same base revision; before the second saves, the editor shows a merge preview: node-diff3's diff3Merge of ours,
// base and theirs, line by line (an LCS of each side against the base, then the merge regions), on every open of
// the preview, on the loop.
'use strict';
const restify = require('restify');
const { diff3Merge } = require('node-diff3');

const base = Array.from({ length: 12000 }, (_, i) =>
  `SUP-${String(40000 + i)};${['Hex bolt', 'Wood screw', 'Wall plug', 'Washer', 'Hinge'][i % 5]} M${4 + (i % 9)}x${20 + (i % 60)};${(0.04 + (i % 250) * 0.013).toFixed(3)};EUR;${100 * (1 + (i % 8))}`);
const ours = base.map((line, i) => (i % 5 === 0 ? line.replace(/;EUR;/, ';EUR;MOQ ') : line));
const theirs = base.map((line, i) => (i % 3 === 0 ? line.replace(/;(\d+\.\d+);/, (m, p) => `;${(Number(p) * 1.045).toFixed(3)};`) : line));
const revisions = new Map([['r-2025-03-14', { base, ours, theirs }]]);

const server = restify.createServer();
server.use(restify.plugins.queryParser());
server.get('/health', (req, res, next) => { res.send({ ok: true }); next(); });
server.get('/x', (req, res, next) => {
  const rev = revisions.get(req.query.rev) || revisions.get('r-2025-03-14');
  const regions = diff3Merge(rev.ours, rev.base, rev.theirs);
  const conflicts = regions.filter((r) => r.conflict);
  res.send({ regions: regions.length, conflicts: conflicts.length, lines: regions.reduce((n, r) => n + (r.ok ? r.ok.length : 0), 0),
    firstConflicts: conflicts.slice(0, 5).map((c) => ({ ours: c.conflict.a.slice(0, 2), theirs: c.conflict.b.slice(0, 2) })) });
  next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
