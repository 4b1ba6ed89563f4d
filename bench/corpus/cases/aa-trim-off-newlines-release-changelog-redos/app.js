// Hono on @hono/node-server: a release service builds the changelog of a release from its commits. Each commit
// message's leading and trailing blank lines are stripped with trim-off-newlines before the summary line is
// taken. The repository was migrated from an old SVN server whose tool wrote bare carriage returns, and one
// imported commit's body is a run of thousands of them between two lines of text.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const trimOffNewlines = require('trim-off-newlines');

const commits = Array.from({ length: 300 }, (_, i) => ({ sha: ((i + 1) * 2654435761 >>> 0).toString(16).padStart(8, '0'),
  author: `dev${i % 12}@example.com`, message: `\n${['fix', 'feat', 'chore', 'docs'][i % 4]}: change ${i} to the billing module\n\nDetails of change ${i}.\n\n` }));
commits[211].message = `\nchore: import history from svn r${4821}\r${'\r'.repeat(8000)}git-svn-id: svn://svn.example.com/trunk@4821\n`;

const app = new Hono();
app.get('/health', (c) => c.text('ok'));

app.get('/x', (c) => {
  const entries = commits.map((commit) => {
    const message = trimOffNewlines(commit.message);
    return { sha: commit.sha, author: commit.author, summary: message.split(/\r?\n|\r/, 1)[0] };
  });
  return c.json({ release: '24.11.0', commits: entries.length, first: entries.slice(0, 5) });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
