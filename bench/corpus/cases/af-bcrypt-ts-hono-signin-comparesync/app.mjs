// Hono on @hono/node-server: a customer portal's sign-in. Password hashes are bcrypt (cost 11) made with
// bcrypt-ts, a pure TypeScript/JavaScript bcrypt. /x checks the password with compareSync, which runs
// the 2^11 Blowfish key-schedule rounds on the event loop (~150 ms) for every sign-in attempt.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compareSync, genSaltSync, hashSync } from 'bcrypt-ts';

const accounts = new Map([['lea@example.com', { id: 'acc_2291', plan: 'team', hash: hashSync('open sesame 42', genSaltSync(11)) }]]);

const app = new Hono();
app.get('/health', (c) => c.json({ ok: true }));
app.get('/x', (c) => {
  const account = accounts.get(c.req.query('email') ?? 'lea@example.com');
  if (!account) return c.json({ ok: false }, 401);
  const ok = compareSync(c.req.query('password') ?? 'open sesame 42', account.hash);
  return c.json({ ok, account: ok ? account.id : null, plan: ok ? account.plan : null }, ok ? 200 : 401);
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
