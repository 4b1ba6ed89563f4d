// polka: a project tool's activity feed, localized server-side. The message catalogue holds ICU messages per
// locale; the feed renderer builds an IntlMessageFormat for each entry from its type's message and formats it, so
// every entry parses its ICU message again (plural/select/number arguments) and makes its own number and plural
// formatters (the formatter cache is per instance). /x renders the next user's feed: 500 entries in their locale.
// Made at start-up.
'use strict';
const polka = require('polka');
const { IntlMessageFormat } = require('intl-messageformat');

const catalogue = {
  'de-DE': {
    comment: '{actor} hat {count, plural, =0 {keinen Kommentar} one {einen Kommentar} other {# Kommentare}} zu {task} geschrieben.',
    assign: '{actor} hat {gender, select, female {dir} male {dir} other {dir}} {count, plural, one {eine Aufgabe} other {# Aufgaben}} in {project} zugewiesen.',
    estimate: '{actor} hat die Schätzung für {task} auf {hours, number} Stunden ({points, plural, one {# Punkt} other {# Punkte}}) geändert.',
    due: '{task} ist {days, plural, =0 {heute} one {morgen} other {in # Tagen}} fällig ({percent, number, percent} erledigt).',
    upload: '{actor} hat {files, plural, one {eine Datei} other {# Dateien}} ({size, number} MB) zu {project} hochgeladen.',
  },
  'fr-FR': {
    comment: '{actor} a écrit {count, plural, =0 {aucun commentaire} one {un commentaire} other {# commentaires}} sur {task}.',
    assign: '{actor} vous a assigné {count, plural, one {une tâche} other {# tâches}} dans {project} ({gender, select, female {elle} male {il} other {iel}}).',
    estimate: "{actor} a changé l'estimation de {task} à {hours, number} heures ({points, plural, one {# point} other {# points}}).",
    due: '{task} est due {days, plural, =0 {aujourd’hui} one {demain} other {dans # jours}} ({percent, number, percent} terminé).',
    upload: '{actor} a ajouté {files, plural, one {un fichier} other {# fichiers}} ({size, number} Mo) à {project}.',
  },
};
const TYPES = Object.keys(catalogue['de-DE']);
const feeds = Array.from({ length: 30 }, (_, u) => ({ locale: u % 2 ? 'fr-FR' : 'de-DE',
  entries: Array.from({ length: 500 }, (_, i) => ({ type: TYPES[(u + i) % TYPES.length], at: 1733000000000 - i * 600000,
    values: { actor: `Person ${i % 37}`, count: i % 6, gender: ['female', 'male', 'other'][i % 3], task: `TASK-${4000 + i}`, project: `Project ${i % 9}`,
      hours: 2.5 + (i % 12), points: i % 8, days: i % 5, percent: (i % 100) / 100, files: 1 + (i % 4), size: 1.25 * (1 + (i % 30)) } })) }));
let next = 0;

polka()
  .get('/health', (req, res) => { res.end('ok'); })
  .get('/x', (req, res) => {
    const feed = feeds[next++ % feeds.length];
    const items = feed.entries.map((entry) => ({ at: entry.at, type: entry.type,
      text: new IntlMessageFormat(catalogue[feed.locale][entry.type], feed.locale).format(entry.values) }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ locale: feed.locale, items }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
