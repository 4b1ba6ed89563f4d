// control: koa for a project tool's localized dashboard, server-rendered with Svelte. The dashboard's components
// are compiled once at start-up (svelte.compile({ generate: 'ssr' }), the generated modules evaluated once and
// kept), and the ICU messages are compiled once per locale into IntlMessageFormat instances kept in a Map; /x
// renders the next user's dashboard: a header, 3 stat tiles and the 25 latest activity entries, each formatted
// with its cached message. Made at start-up.
'use strict';
const Koa = require('koa');
const svelte = require('svelte/compiler');
const internal = require('svelte/internal');
const { IntlMessageFormat } = require('intl-messageformat');

function compileComponent(name, source) {
  const { js } = svelte.compile(source, { generate: 'ssr', format: 'cjs', name });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', js.code)(module, module.exports, (id) => (id === 'svelte/internal' ? internal : require(id)));
  return module.exports.default;
}
const Dashboard = compileComponent('Dashboard', `<script>export let user; export let tiles = []; export let entries = [];</script>
<header><h1>{user.greeting}</h1><p class="muted">{user.summary}</p></header>
<section class="tiles">{#each tiles as t}<div class="tile"><strong>{t.value}</strong><span>{t.label}</span></div>{/each}</section>
<ol class="feed">{#each entries as e (e.id)}<li><time datetime={e.iso}>{e.when}</time> {e.text}</li>{/each}</ol>
<style>.tiles{display:flex;gap:1rem}.tile strong{font-size:2rem;display:block}.feed li{padding:.25rem 0}.muted{opacity:.7}</style>`);

const catalogue = {
  'de-DE': { greeting: 'Guten Morgen, {name}!', summary: 'Du hast {open, plural, =0 {keine offenen Aufgaben} one {eine offene Aufgabe} other {# offene Aufgaben}}.',
    comment: '{actor} hat {count, plural, one {einen Kommentar} other {# Kommentare}} zu {task} geschrieben.',
    due: '{task} ist {days, plural, =0 {heute} one {morgen} other {in # Tagen}} fällig.' },
  'fr-FR': { greeting: 'Bonjour, {name} !', summary: 'Vous avez {open, plural, =0 {aucune tâche ouverte} one {une tâche ouverte} other {# tâches ouvertes}}.',
    comment: '{actor} a écrit {count, plural, one {un commentaire} other {# commentaires}} sur {task}.',
    due: '{task} est due {days, plural, =0 {aujourd’hui} one {demain} other {dans # jours}}.' },
};
const messages = new Map();
for (const [locale, entries] of Object.entries(catalogue)) {
  for (const [key, message] of Object.entries(entries)) messages.set(`${locale}:${key}`, new IntlMessageFormat(message, locale));
}
const t = (locale, key, values) => messages.get(`${locale}:${key}`).format(values);
const dates = { 'de-DE': new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }),
  'fr-FR': new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' }) };

const users = Array.from({ length: 40 }, (_, u) => ({ name: `Person ${u}`, locale: u % 2 ? 'fr-FR' : 'de-DE', open: u % 6,
  activity: Array.from({ length: 25 }, (_, i) => ({ id: `${u}-${i}`, type: i % 2 ? 'comment' : 'due', at: 1733000000000 - i * 3600000,
    values: { actor: `Person ${(u + i) % 40}`, count: 1 + (i % 3), task: `TASK-${4000 + i}`, days: i % 4 } })) }));
let next = 0;

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const user = users[next++ % users.length];
  const { locale } = user;
  const { html, css } = Dashboard.render({
    user: { greeting: t(locale, 'greeting', { name: user.name }), summary: t(locale, 'summary', { open: user.open }) },
    tiles: [{ value: user.open, label: 'open' }, { value: user.activity.length, label: 'updates' }, { value: 3, label: 'projects' }],
    entries: user.activity.map((e) => ({ id: e.id, iso: new Date(e.at).toISOString(), when: dates[locale].format(e.at), text: t(locale, e.type, e.values) })),
  });
  ctx.type = 'html';
  ctx.body = `<!doctype html><html lang="${locale}"><head><style>${css.code}</style></head><body>${html}</body></html>`;
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
