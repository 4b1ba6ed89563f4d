// Hono on node: the bundle-budget check that CI calls for every build. It reports the main chunk's
// brotli size (what browsers download) against the team's budget, with brotli-size. The build's chunks
// are held in memory as the artefact store returns them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const brotliSize = require('brotli-size').default;

const statusFile = path.join(__dirname, 'status.json');
let main = '';
for (let i = 0; i < 1000; i++) {
  main += `export function Widget${i}(props){const [state,setState]=useState(props.initial${i % 17});` +
    `return h("div",{className:"w-${i % 50}",onClick:()=>track("widget",${i})},state.value+${i});}\n`;
}
const artefacts = new Map([['build-7731/main.js', Buffer.from(main)]]);
const budgetBytes = 40 * 1024;

const app = new Hono();
app.get('/health', async (c) => c.body(await fs.promises.readFile(statusFile), 200, { 'content-type': 'application/json' }));
app.get('/x', async (c) => {
  const chunk = artefacts.get('build-7731/main.js');
  const size = await brotliSize(chunk);
  return c.json({ chunk: 'main.js', raw: chunk.length, brotli: size, budget: budgetBytes, ok: size <= budgetBytes });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
