// Polka: the CRM's contact import checks each row of an uploaded batch before it is queued for the upsert
// job. The importer calls fastest-validator's v.validate(row, schema) for every row, with the contact
// schema object kept in a constant. /x checks the next batch of 100 rows (the upload is made at start-up).
'use strict';
const polka = require('polka');
const Validator = require('fastest-validator');

const v = new Validator({ useNewCustomCheckerFunction: true });
const contactSchema = {
  $$strict: 'remove',
  externalId: { type: 'string', pattern: /^CRM-\d{6}$/ },
  email: { type: 'email', normalize: true },
  firstName: { type: 'string', min: 1, max: 80, trim: true },
  lastName: { type: 'string', min: 1, max: 80, trim: true },
  phone: { type: 'string', optional: true, pattern: /^\+?[0-9 ()-]{6,20}$/ },
  company: { type: 'object', optional: true, props: { name: 'string|max:120', vatId: 'string|optional|max:20', size: { type: 'enum', values: ['1-10', '11-50', '51-200', '201+'] } } },
  address: { type: 'object', props: { street: 'string|max:120', city: 'string|max:80', zip: 'string|max:12', country: { type: 'string', length: 2, uppercase: true } } },
  tags: { type: 'array', items: 'string|max:32', max: 20, unique: true },
  consent: { type: 'object', props: { marketing: 'boolean', updatedAt: { type: 'date', convert: true } } },
  score: { type: 'number', integer: true, min: 0, max: 100, convert: true },
  owner: { type: 'multi', rules: [{ type: 'email' }, { type: 'string', pattern: /^team:[a-z-]+$/ }] },
};
const upload = Array.from({ length: 2000 }, (_, i) => ({
  externalId: `CRM-${String(100000 + i)}`, email: `Contact.${i}@Example.com`, firstName: ` Ann${i} `, lastName: 'Meyer',
  phone: i % 3 ? `+49 30 ${1000000 + i}` : undefined,
  company: i % 4 ? { name: `Company ${i % 300}`, vatId: `DE${100000000 + i}`, size: ['1-10', '11-50', '51-200', '201+'][i % 4] } : undefined,
  address: { street: `Hauptstr. ${i % 200}`, city: 'Berlin', zip: String(10115 + (i % 80)), country: 'de' },
  tags: ['import', `list-${i % 12}`], consent: { marketing: i % 2 === 0, updatedAt: '2025-02-14T10:00:00Z' },
  score: String(i % 101), owner: i % 5 ? 'team:inside-sales' : `rep${i % 9}@crm.example`, legacyField: 'x',
}));
let next = 0;

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const errors = [];
    for (let n = 0; n < 100; n++) {
      const row = { ...upload[next], address: { ...upload[next].address }, consent: { ...upload[next].consent } }; next = (next + 1) % upload.length;
      const result = v.validate(row, contactSchema);
      if (result !== true) errors.push({ externalId: row.externalId, errors: result.map((e) => e.message) });
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ checked: 100, invalid: errors.length, errors: errors.slice(0, 20) }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
