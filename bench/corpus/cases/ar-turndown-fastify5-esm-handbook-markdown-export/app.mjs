// Fastify 5, written as ESM: the docs service of an HR platform. A customer's employee handbook lives as HTML in the
// old CMS, exported as one flat run of headings, paragraphs and lists (about 100 KB for the big ones). The "Download
// as Markdown" button and the assistant's indexer (/x) get it as Markdown, converted on every request by the app's
// toMarkdown helper with turndown, which parses the HTML with its DOM, @mixmark-io/domino, then walks the tree.
import Fastify from 'fastify';
import TurndownService from 'turndown';

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });

const section = (i) => `<h2>${i + 1}. Leave &amp; absence, part ${i + 1}</h2>
<p>Employees accrue <strong>2.5 days</strong> of paid leave per month of service. Requests go through the <a href="/handbook/leave/${i}">leave portal</a> at least <em>10 working days</em> ahead.</p>
<ul><li>Carry-over: up to 5 days into Q1</li><li>Sick leave: notify your manager before 10:00</li></ul>
<p>Public holidays follow the calendar of the office you are contracted to.</p>`;
const handbooks = new Map([['acme-logistics', { title: 'Employee handbook 2025', html: `<article><h1>Employee handbook 2025</h1>${Array.from({ length: 230 }, (_, i) => section(i)).join('\n')}</article>` }]]);

function toMarkdown(doc) {
  return `# ${doc.title}\n\n${turndown.turndown(doc.html)}`;
}

const app = Fastify({ logger: false });
app.get('/health', async () => 'ok');
app.get('/x', async (req, reply) => {
  const doc = handbooks.get(req.query.tenant || 'acme-logistics');
  reply.type('text/markdown; charset=utf-8');
  return toMarkdown(doc);
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
