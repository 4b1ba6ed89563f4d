// Fastify 4 in TypeScript, compiled with tsc to dist/ (CommonJS, with source maps): the reply composer of a
// multi-tenant helpdesk. While an agent writes a reply, the composer posts the draft and asks
// /tenants/:id/drafts/:draft/spelling for the misspelled words; each tenant has a glossary of product names and jargon
// that must not be flagged. The handler builds an nspell checker from the English Hunspell dictionary plus the
// tenant's glossary on every call, then checks the draft. Tenants, glossaries and drafts are made at start-up; the
// dictionary is read once, at start-up, with dictionary-en.
import Fastify from 'fastify';

interface Dictionary { aff: Buffer; dic: Buffer }
interface Speller { correct(word: string): boolean; personal(dic: string): Speller }
// nspell and dictionary-en ship no type declarations
const nspell: (dictionary: Dictionary) => Speller = require('nspell');
const loadDictionary: (callback: (err: Error | null, dictionary: Dictionary) => void) => void = require('dictionary-en');

interface Tenant { id: string; glossary: string[]; drafts: Map<string, string> }

const tenants = new Map<string, Tenant>();
for (let t = 0; t < 8; t++) {
  const glossary = Array.from({ length: 400 }, (_, i) => `Acme${['Sync', 'Vault', 'Pay', 'Cloud', 'Desk'][i % 5]}${t * 400 + i}`);
  const drafts = new Map<string, string>();
  for (let d = 0; d < 20; d++) {
    drafts.set(`DR-${d}`, `Hi Sam, thanks for reaching out about ${glossary[d]}. I have reset the intergration token and the sync should ` +
      `resume within a few minutes. If the ${glossary[d + 1]} dashboard still shows an eror, please send us a screenshot and we will ` +
      `escalate it to our engineers. Kind regards, the ${glossary[d + 2]} support team.`);
  }
  tenants.set(`TN-${300 + t}`, { id: `TN-${300 + t}`, glossary, drafts });
}

function misspellings(dictionary: Dictionary, tenant: Tenant, draft: string): string[] {
  const speller = nspell(dictionary).personal(tenant.glossary.join('\n'));
  const words = draft.match(/[A-Za-z][A-Za-z0-9']*/g) ?? [];
  return [...new Set(words.filter((w) => !speller.correct(w)))];
}

loadDictionary((err, dictionary) => {
  if (err) throw err;
  const app = Fastify();
  app.get('/health', async () => 'ok');
  app.get<{ Params: { id: string; draft: string } }>('/tenants/:id/drafts/:draft/spelling', async (request, reply) => {
    const tenant = tenants.get(request.params.id);
    const draft = tenant?.drafts.get(request.params.draft);
    if (!tenant || !draft) return reply.code(404).send({ error: 'no such draft' });
    return { tenant: tenant.id, draft: request.params.draft, misspelled: misspellings(dictionary, tenant, draft) };
  });
  app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
});
