// Hono on Node, written as ESM (franc is ESM-only): the support inbox of a European online shop. The triage view groups
// the open tickets by language so that each goes to the team that speaks it; the app's TriageService detects each
// ticket's language with franc (trigram profiles of its 187 languages; a language without a team goes to the English
// team) every time the view is opened. 360 open tickets in five languages are made at start-up.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { franc } from 'franc';

const SAMPLES = {
  fra: ['Bonjour, ma commande n\'est pas arrivée et le suivi ne bouge plus depuis une semaine.', 'Je voudrais échanger la taille du manteau, il est trop petit pour mon fils.'],
  deu: ['Hallo, ich möchte meine Bestellung stornieren, die Lieferung dauert einfach zu lange.', 'Die Rechnung enthält die falsche Umsatzsteuer-ID unserer Firma, bitte korrigieren.'],
  eng: ['Hi, the invoice shows the wrong VAT number for our company, please correct it.', 'My parcel was marked as delivered but nobody rang and it is not with the neighbours.'],
  spa: ['Hola, el producto llegó dañado y necesito un reemplazo lo antes posible, gracias.', 'No puedo aplicar el código de descuento en el carrito, siempre dice que caducó.'],
  ita: ['Ciao, non riesco ad accedere al mio account dopo il cambio della password.', 'Il reso è stato spedito due settimane fa ma non ho ancora ricevuto il rimborso.'],
};
const langs = Object.keys(SAMPLES);
const tickets = Array.from({ length: 360 }, (_, i) => {
  const l = langs[i % langs.length];
  return { id: `T-${61000 + i}`, subject: SAMPLES[l][i % 2].slice(0, 40), body: `${SAMPLES[l][i % 2]} ${SAMPLES[l][(i + 1) % 2]} Bestellnummer/order ${880000 + i}.` };
});

const TEAMS = { fra: 'team-fr', deu: 'team-dach', eng: 'team-en', spa: 'team-es', ita: 'team-it', nld: 'team-en', por: 'team-es', pol: 'team-en' };
const TriageService = {
  detect(ticket) {
    return franc(ticket.body, { minLength: 20 });
  },
  group(open) {
    const queues = {};
    for (const t of open) {
      const lang = this.detect(t);
      const team = TEAMS[lang] || 'team-en';
      (queues[team] ||= []).push({ id: t.id, lang, subject: t.subject });
    }
    return queues;
  },
};

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/inbox/triage', (c) => {
  const queues = TriageService.group(tickets);
  return c.json({ open: tickets.length, queues: Object.fromEntries(Object.entries(queues).map(([team, list]) => [team, { count: list.length, first: list.slice(0, 5) }])) });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
