// express 5: a document-management API's folder listing. Access is decided by casbin: an RBAC model with keyMatch2
// path patterns and regexMatch actions, the policy rows made by the back office (one row per role and project, 2,000
// rows for 200 roles). The listing checks every document in the folder with enforcer.enforceSync(user, path, 'read');
// casbin walks all policy rows for each check, and for each row builds the matcher's context and evaluates the
// compiled matcher (expression-eval) with g() role lookups, keyMatch2 and regexMatch. /x lists the next folder (30
// documents) for a user. Model and policy are made at start-up.
'use strict';
const express = require('express');
const { newEnforcer, newModelFromString, StringAdapter } = require('casbin');

const model = newModelFromString(`
[request_definition]
r = sub, obj, act

[policy_definition]
p = sub, obj, act

[role_definition]
g = _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub) && keyMatch2(r.obj, p.obj) && regexMatch(r.act, p.act)
`);

const rows = [];
for (let i = 0; i < 2000; i++) {
  rows.push(`p, role:${i % 200}, /projects/${i}/documents/:doc, ${i % 4 === 0 ? '(read)|(write)|(share)' : '(read)'}`);
}
for (let u = 0; u < 400; u++) rows.push(`g, user:${u}, role:${(u * 7) % 200}`, `g, user:${u}, role:${(u * 11) % 200}`);

const folders = Array.from({ length: 60 }, (_, f) => ({ project: (f * 53) % 2000,
  documents: Array.from({ length: 30 }, (_, d) => ({ id: `doc-${f}-${d}`, title: `Drawing ${d} rev ${d % 4}`, size: 40000 + d * 917 })) }));
let next = 0;

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const enforcer = req.app.locals.enforcer;
  const n = next++;
  const folder = folders[n % folders.length];
  const user = `user:${n % 400}`;
  const visible = [];
  for (const doc of folder.documents) {
    if (enforcer.enforceSync(user, `/projects/${folder.project}/documents/${doc.id}`, 'read')) visible.push(doc);
  }
  res.json({ project: folder.project, user, total: folder.documents.length, visible });
});

newEnforcer(model, new StringAdapter(rows.join('\n'))).then((enforcer) => {
  app.locals.enforcer = enforcer;
  app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
});
