// Polka: the lead-intake API of a sales CRM. Before a web-form lead is saved, /x asks the app's DuplicateService
// whether it matches a contact already in the account: the service keeps the account's 16,000 contacts in memory
// with names normalised by slugify (at start-up), and compares the lead against every contact with its own
// edit-distance routine (a two-row Levenshtein over company + name, written in the service), on every check.
'use strict';
const polka = require('polka');
const slugify = require('slugify');

const firsts = ['Anna', 'Bjorn', 'Chloe', 'Dariusz', 'Elif', 'Farid', 'Greta', 'Hiroshi', 'Ines', 'Jonas', 'Kasia', 'Lukas'];
const lasts = ['Muller', 'Nowak', 'Okafor', 'Petersen', 'Quintana', 'Rossi', 'Sato', 'Thompson', 'Ulrich', 'Varga', 'Wojcik'];
const companies = ['Nordwind Logistik GmbH', 'Baltic Freight Sp. z o.o.', 'Sunfield Energy Ltd', 'Kestrel Medical AB', 'Harbor & Vine LLC', 'Octavo Print Services'];

class DuplicateService {
  constructor(contacts) {
    this.contacts = contacts.map((c) => ({ ...c, key: slugify(`${c.company} ${c.first} ${c.last}`, { lower: true, strict: true }) }));
  }

  distance(a, b) {
    let prev = new Array(b.length + 1);
    let cur = new Array(b.length + 1);
    for (let j = 0; j <= b.length; j++) prev[j] = j;
    for (let i = 1; i <= a.length; i++) {
      cur[0] = i;
      for (let j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      }
      [prev, cur] = [cur, prev];
    }
    return prev[b.length];
  }

  findDuplicates(lead) {
    const key = slugify(`${lead.company} ${lead.first} ${lead.last}`, { lower: true, strict: true });
    const matches = [];
    for (const c of this.contacts) {
      const d = this.distance(key, c.key);
      if (d <= Math.max(2, Math.floor(key.length * 0.1))) matches.push({ id: c.id, distance: d });
    }
    return matches.sort((x, y) => x.distance - y.distance).slice(0, 5);
  }
}

const contacts = Array.from({ length: 16000 }, (_, i) => ({ id: `CT-${50000 + i}`, first: firsts[i % 12], last: lasts[(i * 7) % 11], company: `${companies[i % 6]} ${1 + (i % 240)}` }));
const dedupe = new DuplicateService(contacts);

polka()
  .get('/health', (req, res) => { res.end('ok'); })
  .get('/x', (req, res) => {
    const lead = { first: req.query.first || 'Kasia', last: req.query.last || 'Wojcick', company: req.query.company || 'Baltic Freight Sp. z o.o. 181' };
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ lead, duplicates: dedupe.findDuplicates(lead) }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
