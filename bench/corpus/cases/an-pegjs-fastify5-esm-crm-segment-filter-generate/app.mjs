// Fastify 5, written as ESM: the segment builder of a B2B CRM. Account managers type filters such as
// `country = "DE" and (plan in ["pro", "team"] or seats >= 25)`; the filter language names every field of the
// tenant's schema (8 standard fields and the tenant's custom ones), so the service builds a PEG grammar from the
// field list and generates the parser with pegjs. The app's compileFilter helper does so on every preview,
// though a tenant's field list changes only when an admin edits the schema (it carries a schemaVersion).
import Fastify from 'fastify';
import peg from 'pegjs';

const standard = ['plan', 'country', 'seats', 'mrr', 'churned', 'signup_at', 'industry', 'owner'];
const custom = Array.from({ length: 150 }, (_, i) => `cf_${['region', 'tier', 'score', 'segment', 'source', 'partner'][i % 6]}_${100 + i}`);
const tenants = new Map([['t_4102', { name: 'Northwind', schemaVersion: 37, fields: [...standard, ...custom] }]]);
const accounts = Array.from({ length: 600 }, (_, i) => ({ id: `acc_${i}`, plan: ['free', 'pro', 'team', 'enterprise'][i % 4], country: ['DE', 'FR', 'NL', 'US'][i % 4 === 1 ? 0 : i % 4], seats: (i * 37) % 120, churned: i % 11 === 0, signup_at: `202${i % 5}-0${1 + (i % 9)}-15` }));

const grammarFor = (fields) => `
Expression = head:Term tail:(_ "or"i _ Term)* { return tail.reduce((a, t) => ({ or: [a, t[3]] }), head); }
Term = head:Factor tail:(_ "and"i _ Factor)* { return tail.reduce((a, t) => ({ and: [a, t[3]] }), head); }
Factor = "not"i _ f:Factor { return { not: f }; } / "(" _ e:Expression _ ")" { return e; } / Comparison
Comparison = f:Field _ "in"i _ "[" _ vs:ValueList _ "]" { return { field: f, op: 'in', value: vs }; } / f:Field _ op:Op _ v:Value { return { field: f, op, value: v }; }
ValueList = h:Value t:(_ "," _ Value)* { return [h, ...t.map((x) => x[3])]; }
Op = ">=" / "<=" / "!=" / "=" / ">" / "<" / "~"
Field = ${[...fields].sort((a, b) => b.length - a.length).map((f) => JSON.stringify(f)).join(' / ')}
Value = Date / Number / String / Boolean
Number = n:$("-"? [0-9]+ ("." [0-9]+)?) { return Number(n); }
String = '"' s:$([^"\\\\] / "\\\\" .)* '"' { return s; }
Boolean = "true" { return true; } / "false" { return false; }
Date = d:$([0-9][0-9][0-9][0-9] "-" [0-9][0-9] "-" [0-9][0-9]) { return d; }
_ = [ \\t\\n\\r]*
`;

function compileFilter(tenant, text) {
  const parser = peg.generate(grammarFor(tenant.fields));
  return parser.parse(text);
}

function matches(node, acc) {
  if (node.or) return matches(node.or[0], acc) || matches(node.or[1], acc);
  if (node.and) return matches(node.and[0], acc) && matches(node.and[1], acc);
  if (node.not) return !matches(node.not, acc);
  const v = acc[node.field];
  switch (node.op) {
    case 'in': return node.value.includes(v);
    case '=': return v === node.value;
    case '!=': return v !== node.value;
    case '>=': return v >= node.value;
    case '<=': return v <= node.value;
    case '>': return v > node.value;
    case '<': return v < node.value;
    default: return String(v).includes(node.value);
  }
}

const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.get('/x', async (request) => {
  const tenant = tenants.get(request.query.tenant || 't_4102');
  const filter = compileFilter(tenant, request.query.q || 'country = "DE" and (plan in ["pro", "team"] or seats >= 25) and not churned = true and signup_at > "2021-06-01"');
  const hits = accounts.filter((a) => matches(filter, a));
  return { tenant: tenant.name, schemaVersion: tenant.schemaVersion, filter, total: hits.length, accounts: hits.slice(0, 25).map((a) => a.id) };
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
