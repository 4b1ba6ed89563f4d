// Express: the package portal renders each project's release notes from Markdown
// with remarkable 1.7.1 (raw HTML allowed: maintainers embed <details> and <kbd> tags). One maintainer's
// notes contain a stray, never-closed "<![CDATA[" marker pasted from an XML changelog (made at start-up).
'use strict';
const express = require('express');
const Remarkable = require('remarkable');

const md = new Remarkable({ html: true, linkify: false, typographer: false });

const sections = [];
for (let i = 0; i < 30; i++) {
  sections.push(`## v2.${30 - i}.0\n\n- Fixed *retry* handling in \`client.fetch\` (#${900 + i})\n- <kbd>Ctrl</kbd>+<kbd>K</kbd> opens the palette\n\n<details><summary>Upgrade notes</summary>\n\nRun \`npm i acme@2.${30 - i}\`.\n\n</details>\n`);
}
sections.splice(3, 0, 'Migration: the feed is now served as <![CDATA[feed-v2-export-payload-1');
const notes = sections.join('\n');

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const html = md.render(notes);
  res.type('html').send(html);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
