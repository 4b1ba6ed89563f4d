// Restify 11: a newsletter platform imports a customer's contact list. /x takes the uploaded list
// (made here at start-up) and, for each contact, builds its upsert with drizzle-orm's query builder
// (db.insert().values().onConflictDoUpdate().toSQL()); the statements are posted as one batch to the
// company's DB gateway, which is why the app uses drizzle's pg-proxy driver (the gateway call is an
// in-process outbox here). Every contact's statement has the same text; only its parameters differ.
'use strict';
const restify = require('restify');
const { pgTable, bigint, text, boolean, timestamp, jsonb, uniqueIndex } = require('drizzle-orm/pg-core');
const { drizzle } = require('drizzle-orm/pg-proxy');

const contacts = pgTable('contacts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  listId: text('list_id').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  locale: text('locale'),
  consent: boolean('consent').notNull(),
  attributes: jsonb('attributes'),
  importedAt: timestamp('imported_at', { mode: 'string' }).notNull(),
}, (t) => [uniqueIndex('contacts_list_email').on(t.listId, t.email)]);

const outbox = [];
const db = drizzle(async (query, params, method) => { outbox.push({ query, params, method }); return { rows: [] }; });

const firstNames = ['Anna', 'Ben', 'Chloe', 'David', 'Emma', 'Felix', 'Greta', 'Hugo'];
const upload = Array.from({ length: 900 }, (_, i) => ({
  email: `contact${i}@example${i % 13}.com`, firstName: firstNames[i % 8], lastName: `Lastname${i % 211}`,
  locale: ['de-DE', 'en-GB', 'fr-FR'][i % 3], consent: i % 9 !== 0, attributes: { source: 'csv', segment: `s${i % 17}`, score: i % 100 },
}));

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send({ ok: true }); next(); });
server.get('/x', (req, res, next) => {
  const importedAt = new Date().toISOString();
  const batch = [];
  for (const c of upload) {
    batch.push(db.insert(contacts).values({ listId: 'list-42', ...c, importedAt }).onConflictDoUpdate({ target: [contacts.listId, contacts.email], set: { firstName: c.firstName, lastName: c.lastName, locale: c.locale, consent: c.consent, attributes: c.attributes, importedAt } }).toSQL());
  }
  outbox.length = 0;
  outbox.push(...batch);
  res.send({ contacts: upload.length, statements: batch.length, sample: batch[0].sql });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
