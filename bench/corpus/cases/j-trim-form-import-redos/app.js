// Connect: the CRM's contact import preview. A sales rep uploads a spreadsheet export; the preview
// cleans up each cell before showing it. This export came from a fixed-width system, so one free-text
// column carries a long run of padding before the note's last word.
'use strict';
const connect = require('connect');
const trim = require('trim');

const rows = [];
for (let i = 0; i < 40; i++) {
  rows.push({ name: `  Contact ${i} `, email: ` contact${i}@example.com`, company: `Company ${i % 7}  `, phone: ` +49 30 ${1000 + i}` });
}
rows[17].note = `called back${' '.repeat(13000)}-- JM`;

const app = connect();
app.use('/health', (req, res) => res.end('ok'));
app.use('/x', (req, res) => {
  const preview = rows.map((row) => {
    const clean = {};
    for (const [key, value] of Object.entries(row)) clean[key] = trim(value);
    return clean;
  });
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ rows: preview.length, first: preview[0] }));
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
