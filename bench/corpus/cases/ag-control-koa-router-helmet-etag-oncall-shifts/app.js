// Control: a koa 2 on-call scheduling API with a usual middleware stack: koa-response-time, koa-helmet, @koa/cors,
// koa-conditional-get + koa-etag, koa-bodyparser and @koa/router. /x lists a team's on-call shifts for the next
// 14 days (42 shifts out of a 1,500-shift rota kept in memory), each formatted with dayjs in the team's timezone
// offset: light work per request.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const helmet = require('koa-helmet');
const cors = require('@koa/cors');
const conditional = require('koa-conditional-get');
const etag = require('koa-etag');
const responseTime = require('koa-response-time');
const dayjs = require('dayjs');
const utc = require('dayjs/plugin/utc');

dayjs.extend(utc);
const start = Date.UTC(2024, 10, 1);
const people = ['amara', 'bo', 'chen', 'dara', 'eli', 'fatima', 'goran', 'hana'];
const rota = Array.from({ length: 1500 }, (_, i) => ({
  team: `team-${i % 5}`, person: people[(i * 3) % people.length], startsAt: start + Math.floor(i / 5) * 8 * 3600e3, hours: 8, level: i % 3 === 0 ? 'primary' : 'secondary',
}));
const teams = { 'team-2': { name: 'Payments', utcOffsetMinutes: 60 } };

const router = new Router();
router.get('/health', (ctx) => { ctx.body = { ok: true }; });
router.get('/x', (ctx) => {
  const teamId = ctx.query.team || 'team-2';
  const team = teams[teamId] || { name: teamId, utcOffsetMinutes: 0 };
  const from = start + 10 * 24 * 3600e3, to = from + 14 * 24 * 3600e3;
  const shifts = rota.filter((s) => s.team === teamId && s.startsAt >= from && s.startsAt < to).map((s) => ({
    person: s.person, level: s.level,
    starts: dayjs.utc(s.startsAt).utcOffset(team.utcOffsetMinutes).format('ddd D MMM HH:mm'),
    ends: dayjs.utc(s.startsAt + s.hours * 3600e3).utcOffset(team.utcOffsetMinutes).format('ddd D MMM HH:mm'),
  }));
  ctx.body = { team: team.name, shifts: shifts.length, items: shifts };
});

const app = new Koa();
app.use(responseTime());
app.use(helmet());
app.use(cors({ origin: 'https://oncall.example.com' }));
app.use(conditional());
app.use(etag());
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
