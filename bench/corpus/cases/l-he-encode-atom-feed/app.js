// Express 5: the magazine's Atom feed. /x builds the feed of the latest 200 articles on every request;
// each article's full text (stored as plain Unicode, about 7 KB: French and German copy with accents,
// typographic quotes, dashes and the euro sign) is escaped for the XML body with he 1.2.0's encode,
// named references on, as the feed readers of the old site expect.
'use strict';
const express = require('express');
const he = require('he');

const paragraphs = [
  'Le café « Chez Léon » a rouvert ses portes — après trois ans de travaux — avec une carte à 12 € et des crêpes à la crème.',
  'Die Straßenbahn fährt künftig über die Brücke; Anwohner äußern sich „überrascht“ über die Pläne für 2026 …',
  'Our critic’s verdict: “a rôle of a lifetime”, naïve yet précis — ★★★★☆, from £9 at the box office.',
  'Señor Muñoz déclare que l’été sera chaud: 35 °C à l’ombre, ± 2 °C selon Météo-France, et ça n’étonne personne.',
];
const NAMED = { useNamedReferences: true };
const articles = [];
for (let i = 0; i < 200; i++) {
  let body = '';
  for (let p = 0; p < 56; p++) body += paragraphs[(i + p) % paragraphs.length] + ' ';
  articles.push({ id: 9000 + i, title: `Édition n° ${i} — l’actualité « en bref »`, updated: new Date(Date.UTC(2024, 2, 1, 8, i)).toISOString(), body });
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const entries = articles.map((a) => {
    const content = he.encode(a.body, NAMED);
    return `<entry><id>urn:article:${a.id}</id><title>${he.encode(a.title, NAMED)}</title>` +
      `<updated>${a.updated}</updated><content type="html">${content}</content></entry>`;
  });
  res.type('application/atom+xml');
  res.send(`<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Le Magazine</title>${entries.join('')}</feed>`);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
