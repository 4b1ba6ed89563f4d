// restify: a newsletter service's signup import. Partner sites post signups into a pending queue; /x is the import
// tick: it takes the next batch of 25 pending signups and checks each against the signup JSON schema with
// is-my-json-valid 2.17.1 (format: "email"), before the valid ones go to the mailing list. A bot has been posting
// signups whose email is 11,000 "@" and a trailing space, one in each batch: the compiled validator tests the field
// with the email format's /^\S+@\S+$/, which backtracks quadratically on it (CVE-2018-1107). Made at start-up.
'use strict';
const restify = require('restify');
const validator = require('is-my-json-valid');

const validateSignup = validator({
  type: 'object', required: ['email', 'list', 'consent'],
  properties: {
    email: { type: 'string', format: 'email' }, name: { type: 'string', maxLength: 200 },
    list: { type: 'string', enum: ['weekly', 'offers', 'product-news'] }, consent: { type: 'boolean' },
    source: { type: 'string', format: 'uri' }, submittedAt: { type: 'string', format: 'date-time' },
  },
}, { greedy: true });

const pending = [];
for (let i = 0; i < 5000; i++) {
  const bot = i % 25 === 7;
  pending.push({ email: bot ? '@'.repeat(11000) + ' ' : `reader${i}@example.org`, name: bot ? 'x' : `Reader ${i}`,
    list: ['weekly', 'offers', 'product-news'][i % 3], consent: true, source: `https://partner${i % 9}.example.com/signup`,
    submittedAt: new Date(1733000000000 + i * 1000).toISOString() });
}
let next = 0;

const server = restify.createServer();
server.get('/health', (req, res, done) => { res.send('ok'); done(); });
server.get('/x', (req, res, done) => {
  const accepted = [], rejected = [];
  for (let k = 0; k < 25; k++) {
    const signup = pending[next++ % pending.length];
    if (validateSignup(signup)) accepted.push(signup.email);
    else rejected.push({ name: signup.name, errors: validateSignup.errors.map((e) => `${e.field} ${e.message}`) });
  }
  res.send({ accepted: accepted.length, rejected });
  done();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
