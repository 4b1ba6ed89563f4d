// Fastify 4: a contracts service renders each customer's supply agreement as HTML for the signed-copy
// archive and pretty-prints it with js-beautify's HTML beautifier, so archived versions are readable and
// diff cleanly between amendments. /x renders contract N (750 clauses, ~235 KB of one-line HTML) and
// beautifies it on every request.
'use strict';
const fastify = require('fastify')({ logger: false });
const { html: beautifyHtml } = require('js-beautify');

const clauses = Array.from({ length: 750 }, (_, i) => ({ no: i + 1, title: `Clause ${i + 1}: ${['Delivery', 'Risk', 'Warranty', 'Liability', 'Termination'][i % 5]}`,
  text: 'The Supplier shall deliver the goods described in the Order within the agreed period and shall bear the risk until handover to the Customer. '.repeat(2) }));
function renderContract(no, customer) {
  const body = clauses.map((c) => `<section id="c${c.no}"><h2>${c.title}</h2><p>${c.text}<em>Schedule ${c.no % 12}</em> applies to ${customer}.</p></section>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Supply agreement ${no}</title></head><body><header><h1>Supply agreement ${no}</h1><p>Between Acme Parts GmbH and ${customer}</p></header><main>${body}</main></body></html>`;
}

fastify.get('/health', async () => ({ ok: true }));
fastify.get('/x', async (request, reply) => {
  const raw = renderContract(Number(request.query.no) || 7301, request.query.customer || 'Nordwind Logistik AG');
  const pretty = beautifyHtml(raw, { indent_size: 2, wrap_line_length: 120, preserve_newlines: false });
  reply.type('text/html; charset=utf-8');
  return pretty;
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
