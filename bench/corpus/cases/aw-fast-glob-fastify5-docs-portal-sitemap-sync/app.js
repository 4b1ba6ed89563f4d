// Fastify 5: the documentation portal of an API company. The docs are Markdown files checked out on disk, one folder
// per product space and section; the sitemap (/sitemap.xml) lists every published page, found on each request with
// fast-glob's synchronous form (Markdown and MDX pages; drafts, internal pages, partials, changelogs and the images next to the pages left out). The checkout
// (120 spaces, 10 sections, 20 files each: 24,000 files) is written at start-up.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const fastify = require('fastify')({ logger: false });
const fg = require('fast-glob');

const contentRoot = path.join(__dirname, 'content');
for (let s = 0; s < 120; s++) {
  for (let d = 0; d < 10; d++) {
    const dir = path.join(contentRoot, `space-${s}`, d === 9 ? '_drafts' : `section-${d}`);
    fs.mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 20; f++) fs.writeFileSync(path.join(dir, f % 5 ? `page-${f}${f % 7 ? '' : '.internal'}.md${f % 3 ? '' : 'x'}` : `diagram-${f}.png`), `# Page ${f}\n`);
  }
}

fastify.get('/health', async () => 'ok');
fastify.get('/sitemap.xml', async (req, reply) => {
  const pages = fg.sync(['**/*.{md,mdx}', '!**/_drafts/**', '!**/*.internal.md', '!**/{partials,snippets}/**', '!**/CHANGELOG*.md'], { cwd: contentRoot, onlyFiles: true, caseSensitiveMatch: false });
  const urls = pages.map((p) => `  <url><loc>https://docs.payloom.example/${p.replace(/\.md$/, '')}</loc></url>`);
  reply.type('application/xml');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
