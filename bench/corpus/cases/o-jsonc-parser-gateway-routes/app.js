// Polka: the admin API of an API gateway. The gateway's route table is one JSON-with-comments file
// (about 3.1 MB: 9,000 routes, each with a comment naming its owning team), kept as text because operators
// edit it in the admin UI and the comments must survive; /x parses the whole file with jsonc-parser on every
// request to show one route's settings.
'use strict';
const polka = require('polka');
const { parse } = require('jsonc-parser');

let text = '{\n  // gateway routes: edited in the admin UI, comments are kept\n  "version": 7,\n  "defaults": { "timeoutMs": 3000, "retries": 1 },\n  "routes": [\n';
for (let i = 0; i < 9000; i++) {
  text += `    // route ${i}: owned by team-${i % 40}, reviewed 2024-0${1 + (i % 9)}\n` +
    `    { "id": "r${i}", "path": "/api/v${i % 3}/svc${i}/*", "upstream": "http://svc${i}.internal:${8000 + (i % 100)}", ` +
    `"methods": ["GET", "POST"], "timeoutMs": ${1000 + (i % 5000)}, "retries": ${i % 4}, /* canary split */ ` +
    `"weights": { "stable": ${90 - (i % 10)}, "canary": ${10 + (i % 10)} }, "auth": { "scopes": ["read:svc${i}", "write:svc${i}"], "public": ${i % 7 === 0} } },\n`;
}
text += '  ],\n}\n';
const store = { 'routes.jsonc': text };

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const errors = [];
    const table = parse(store['routes.jsonc'], errors, { allowTrailingComma: true });
    const id = (req.query && req.query.id) || 'r7182';
    const route = table.routes.find((r) => r.id === id) || null;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ version: table.version, errors: errors.length, route }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
