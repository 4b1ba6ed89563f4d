// Polka: a company's private npm registry implements `npm adduser` (PUT /-/user/org.couchdb.user:<name>)
// and validates the new user's name, email and password with npm-user-validate, as npm's own registry
// tooling does. Sign-ups are queued and validated by a worker route; /x validates the next queued one.
// One queued sign-up carries a crafted email: 18,000 characters of "a@" repeated, with no dot after it.
'use strict';
const polka = require('polka');
const validate = require('npm-user-validate');

const queue = [{ name: 'ci-publisher-7', email: 'a@'.repeat(9000), password: 'correct-horse-battery' }];
let next = 0;

polka()
  .get('/health', (req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); })
  .get('/x', (req, res) => {
    const signup = queue[next++ % queue.length];
    const nameError = validate.username(signup.name);
    const emailError = validate.email(signup.email);
    const error = nameError || emailError || validate.pw(signup.password);
    res.statusCode = error ? 400 : 201;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(error ? { error: error.message } : { ok: true, id: `org.couchdb.user:${signup.name}` }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
