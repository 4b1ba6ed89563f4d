// Koa 2 (@koa/router, koa-bodyparser, koa-helmet, @koa/cors): a support desk's inbox. /x is the triage view of a
// queue: the 18 newest tickets, each tagged with the people, places, organisations and amounts its text mentions and
// whether it is a question. The handler runs compromise (a rule-based NLP tagger in pure JavaScript) over every
// ticket's full text on every view, although a ticket's text does not change once it is filed.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const helmet = require('koa-helmet');
const cors = require('@koa/cors');
const nlp = require('compromise');

const names = ['Maria Lopez', 'John Smith', 'Aiko Tanaka', 'Peter Novak', 'Fatima Khan', 'Lars Berg'];
const cities = ['Berlin', 'Chicago', 'Madrid', 'Toronto', 'Lyon', 'Osaka'];
const tickets = Array.from({ length: 400 }, (_, i) => ({
  id: `T-${9000 + i}`, queue: `q${i % 4}`, filedAt: new Date(1.73e12 + i * 600_000).toISOString(),
  text: `Hi, this is ${names[i % 6]} from ${cities[i % 6]}. I ordered the ${['blue jacket', 'standing desk', 'coffee grinder'][i % 3]} on March ${(i % 27) + 1} ` +
    `but it still hasn't arrived, and the tracking page says it is stuck in ${cities[(i + 2) % 6]}. Your colleague ${names[(i + 3) % 6]} promised ` +
    `a refund of $${40 + (i % 60)}.99 within three days when I called Acme Logistics last week. Nobody has called me back since. ` +
    `Could you please check what happened and tell me when I will get my money? I have been a customer for ${2 + (i % 9)} years and this is really disappointing. ` +
    `My order number is ${100000 + i * 7} and my phone is 555-01${String(i % 100).padStart(2, '0')}. Thanks, ${names[i % 6].split(' ')[0]}`,
}));

const warm = nlp(tickets[0].text); // compromise unpacks its lexicon and compiles its matchers on first use
[warm.people(), warm.places(), warm.organizations(), warm.money(), warm.questions()].forEach((m) => m.out('array'));

const router = new Router();
router.get('/health', (ctx) => { ctx.body = { ok: true }; });
router.get('/x', (ctx) => {
  const queue = ctx.query.queue || 'q1';
  const recent = tickets.filter((t) => t.queue === queue).slice(-18);
  ctx.body = { queue, tickets: recent.map((t) => {
    const doc = nlp(t.text);
    return { id: t.id, people: doc.people().out('array'), places: doc.places().out('array'), orgs: doc.organizations().out('array'),
      money: doc.money().out('array'), question: doc.questions().length > 0 };
  }) };
});

const app = new Koa();
app.use(helmet());
app.use(cors({ origin: 'https://desk.example.com' }));
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
