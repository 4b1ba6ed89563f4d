// Hono: the support portal's ticket view. Customers paste the output of the company's CLI into a ticket
// ("attach terminal output"), and the view strips the terminal's colour and cursor codes with ansi-regex
// before the text is rendered and indexed. ansi-regex 6.0.0 (CVE-2021-3807, fixed in 6.0.1) backtracks
// quadratically on an escape sequence that opens and never ends: this ticket's paste holds a progress bar
// cut off after `ESC[` and 3,600 semicolons. The tickets are made at start-up.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import ansiRegex from 'ansi-regex';

const ESC = '\u001B';
const lines = [];
for (let i = 0; i < 400; i++) {
  lines.push(`${ESC}[32m✔${ESC}[39m step ${i}: ${ESC}[1mdeploy${ESC}[22m service-${i % 17} to eu-west-${i % 3} (${120 + (i * 37) % 900} ms)`);
}
lines.splice(230, 0, `${ESC}[2K${ESC}[1G uploading artefacts ${ESC}[${';'.repeat(3600)}`);
const tickets = new Map([['T-88412', { id: 'T-88412', subject: 'deploy hangs at upload', customer: 'acme-gmbh', output: lines.join('\n') }]]);

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const ticket = tickets.get('T-88412');
  const text = ticket.output.replace(ansiRegex(), '');
  const shown = text.split('\n');
  return c.json({ id: ticket.id, subject: ticket.subject, lines: shown.length, preview: shown.slice(-20) });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
