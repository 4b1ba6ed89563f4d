// Control: express 4 with helmet, cors and express-rate-limit. /x is a partner-onboarding check done the
// safe way: the feature flags come from an .ini file parsed once at start-up (ini), the request's fields
// are capped in length before anything else (so validate.js's url pattern never sees a long string), and
// validate.js then checks a normal application.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const { rateLimit } = require('express-rate-limit');
const ini = require('ini');
const validate = require('validate.js');

const flags = ini.parse('[onboarding]\nrequireWebsite = true\nmaxFieldLength = 2048\n[regions]\nallowed[] = eu\nallowed[] = us\n');
const constraints = {
  company: { presence: { allowEmpty: false }, length: { maximum: 200 } },
  contactEmail: { presence: true, email: true },
  website: { presence: flags.onboarding.requireWebsite, url: { schemes: ['http', 'https'] } },
};
const queue = [{ company: 'Kestrel Outfitters Ltd', contactEmail: 'ops@kestrel-outfitters.example', website: 'https://kestrel-outfitters.example/about', region: 'eu' }];
let next = 0;

const app = express();
app.use(helmet());
app.use(cors({ origin: ['https://partners.example.com'] }));
app.use(rateLimit({ windowMs: 60_000, limit: 100_000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const application = queue[next++ % queue.length];
  const tooLong = Object.values(application).some((v) => typeof v === 'string' && v.length > Number(flags.onboarding.maxFieldLength));
  if (tooLong) return res.status(413).json({ error: 'field too long' });
  const errors = validate(application, constraints);
  const regionOk = flags.regions.allowed.includes(application.region);
  res.status(errors || !regionOk ? 422 : 200).json(errors ? { errors: Object.keys(errors) } : { accepted: application.company, region: application.region });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
