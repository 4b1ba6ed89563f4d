// Hono on Node (ESM): an internal release dashboard. Teams paste their release notes into it, and /x, the
// overview page, lists for each note the versions it mentions, found with semver-regex 3.1.2 (the helper
// the team already had from a CLI). One note carries a pre-release tag of dots and dashes, pasted from a
// broken build log; semver-regex before 3.1.3 backtracks exponentially on it (CVE-2021-3795 and
// CVE-2021-43307). The notes are made at start-up.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import semverRegex from 'semver-regex';

const notes = Array.from({ length: 40 }, (_, i) => ({
  service: `svc-${i}`,
  text: `Release v2.${i}.0 of svc-${i}. Upgrades the client from 1.${i % 7}.3 to 1.${(i % 7) + 1}.0 and drops support for 0.9.${i % 4}. ` +
    'Fixes: retry on 503, log the request id, bump the base image. Rolled out to staging first, then production after smoke tests.',
}));
notes[27].text += ` Build log excerpt: 0.0.0-0${'.-----------'.repeat(6)}@ci`;

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const rows = notes.map((n) => ({ service: n.service, versions: n.text.match(semverRegex()) ?? [] }));
  return c.json({ notes: rows.length, rows });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
