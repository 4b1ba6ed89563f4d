// h3 1: the staff dashboard of a property-management company. Tenants file maintenance requests from the resident app
// in Markdown; the request page (/requests/:id) renders the tenant's description and the thread of replies with the
// markdown package (0.5.0, the last release, unmaintained). A request from the Android app arrived with its first
// heading padded with spaces (the app pads the title to the width of its old fixed-width field): markdown 0.5.0's
// heading regex backtracks over the run of spaces in cubic time. Requests and replies are made at start-up.
'use strict';
const http = require('node:http');
const { createApp, createRouter, defineEventHandler, getRouterParam, setResponseHeader, createError, toNodeListener } = require('h3');
const { markdown } = require('markdown');

const units = ['A-101', 'A-204', 'B-012', 'B-310', 'C-115', 'C-402'];
const requests = new Map();
for (let i = 0; i < 400; i++) {
  const id = `MR-${2000 + i}`;
  const title = ['Kitchen tap leaking', 'Heating not working', 'Broken window latch', 'Mould in bathroom'][i % 4];
  // the Android app (3.8) pads the title line of every request it files to its old 720-column field
  const padded = i % 7 === 3 ? ' '.repeat(720) : '';
  requests.set(id, {
    id, unit: units[i % units.length], status: ['open', 'scheduled', 'waiting-parts'][i % 3],
    description: `## ${title}${padded}(reported ${i % 28 + 1} May)\n\nThe ${title.toLowerCase()} started last week.\n\n* Access: weekdays after 17:00\n* Pets: ${i % 2 ? 'cat' : 'none'}\n\nPhotos are attached in the app.`,
    replies: Array.from({ length: 6 }, (_, r) => ({ by: r % 2 ? 'tenant' : 'maintenance', body: `**Update ${r + 1}:** ${r % 2 ? 'Thanks, I will be home.' : 'A technician is booked for _Thursday_ morning.'}\n\n> Ref ${id}-${r}` })),
  });
}

function renderRequest(req) {
  const description = markdown.toHTML(req.description);
  const thread = req.replies.map((r) => `<li class="${r.by}">${markdown.toHTML(r.body)}</li>`).join('');
  return `<!doctype html><html><head><title>${req.id}</title></head><body><header><h1>${req.id} · unit ${req.unit}</h1><p class="status">${req.status}</p></header>` +
    `<article>${description}</article><ol class="thread">${thread}</ol></body></html>`;
}

const app = createApp();
const router = createRouter();
router.get('/health', defineEventHandler(() => 'ok'));
router.get('/requests/:id', defineEventHandler((event) => {
  const req = requests.get(getRouterParam(event, 'id'));
  if (!req) throw createError({ statusCode: 404, statusMessage: 'no such request' });
  setResponseHeader(event, 'content-type', 'text/html; charset=utf-8');
  return renderRequest(req);
}));
app.use(router);
http.createServer(toNodeListener(app)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
