// Restify: a marketplace's partner-onboarding API validates each partner application with validate.js
// constraints (presence, length, email, and `url` for the partner's website). Applications arrive through
// a public form and are reviewed from a queue; /x validates the next queued application. One of them
// carries a crafted website value: "http://" and 11,000 letters, with no dot and no host end.
'use strict';
const restify = require('restify');
const validate = require('validate.js');

const constraints = {
  company: { presence: { allowEmpty: false }, length: { maximum: 200 } },
  contactEmail: { presence: true, email: true },
  website: { presence: true, url: { schemes: ['http', 'https'] } },
};
const queue = [{ company: 'Kestrel Outfitters Ltd', contactEmail: 'ops@kestrel-outfitters.example', website: `http://${'a'.repeat(11000)}` }];
let next = 0;

const server = restify.createServer();
server.get('/health', (req, res, nextHandler) => { res.send({ ok: true }); nextHandler(); });
server.get('/x', (req, res, nextHandler) => {
  const application = queue[next++ % queue.length];
  const errors = validate(application, constraints);
  res.send(errors ? 422 : 200, errors ? { errors: Object.keys(errors) } : { accepted: application.company });
  nextHandler();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
