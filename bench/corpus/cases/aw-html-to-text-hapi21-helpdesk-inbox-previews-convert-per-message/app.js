// hapi 21: the shared inbox of a help desk product. The inbox list (/inboxes/{id}/messages) shows the latest 300
// customer e-mails with a one-line plain-text preview; the app's preview helper turns each message's HTML body into
// text with html-to-text's convert(html, options), passing the team's options (links without their URLs, images
// and quoted replies dropped). The inbox's messages are made at start-up.
'use strict';
const Hapi = require('@hapi/hapi');
const { convert } = require('html-to-text');

const PREVIEW_OPTIONS = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'blockquote', format: 'skip' },
    { selector: 'table', format: 'dataTable' },
  ],
};
const inboxes = new Map([['billing-de', Array.from({ length: 300 }, (_, i) => ({
  id: `MSG-${884000 + i}`, from: `kunde${i}@example.de`, subject: `Rechnung RE-2025-${4100 + i}`, receivedAt: new Date(Date.UTC(2025, 5, 10, 8, i)).toISOString(),
  html: `<div dir="ltr"><p>Guten Tag,</p><p>ich habe eine Frage zur <b>Rechnung RE-2025-${4100 + i}</b> vom ${1 + (i % 28)}.06.: der Betrag von ${(49 + i * 3.5).toFixed(2)} € wurde <a href="https://bank.example/tx/${i}">doppelt abgebucht</a>.</p><p>Mit freundlichen Grüßen<br>Kunde ${i}</p><img src="cid:logo${i}"><blockquote><p>Am ${i % 28 + 1}.05. schrieb Support: Vielen Dank für Ihre Nachricht ...</p></blockquote></div>`,
}))]]);

function preview(message) {
  const text = convert(message.html, PREVIEW_OPTIONS);
  return text.replace(/\s+/g, ' ').trim().slice(0, 140);
}

async function start() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET', path: '/inboxes/{id}/messages',
    handler: (req, h) => {
      const messages = inboxes.get(req.params.id);
      if (!messages) return h.response({ error: 'unknown inbox' }).code(404);
      return { inbox: req.params.id, messages: messages.map((m) => ({ id: m.id, from: m.from, subject: m.subject, receivedAt: m.receivedAt, preview: preview(m) })) };
    },
  });
  await server.start();
}
start();
