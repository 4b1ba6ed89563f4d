// tinyhttp: an account's sign-in audit page. Each sign-in attempt is stored with the socket address it came from and
// its raw X-Forwarded-For header (the service sits behind two internal load balancers); /x lists the account's 200
// most recent attempts with the client address resolved by proxy-addr 1.1.4 on each view. proxy-addr takes the
// address list from forwarded 0.1.0, which splits the header with / *, */. One attempt, from a credential-stuffing
// run, sent an X-Forwarded-For of an address and 12,000 spaces with no comma: the split backtracks quadratically over
// the run (CVE-2017-16118, fixed in forwarded 0.1.2). Made at start-up.
import { App } from '@tinyhttp/app';
import proxyaddr from 'proxy-addr';

const trustProxy = proxyaddr.compile(['loopback', '10.0.0.0/8']);
const attempts = Array.from({ length: 200 }, (_, i) => ({
  at: new Date(1733000000000 - i * 3600e3).toISOString(), ok: i % 9 !== 4,
  req: { connection: { remoteAddress: `10.0.${i % 2}.5` }, headers: { 'x-forwarded-for': `198.51.100.${i % 250}, 10.0.3.${i % 4}` } },
}));
attempts[17].ok = false;
attempts[17].req.headers['x-forwarded-for'] = '203.0.113.9' + ' '.repeat(12000) + 'x';

const app = new App();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const rows = [];
  for (const a of attempts) {
    const client = proxyaddr(a.req, trustProxy);
    rows.push({ at: a.at, ok: a.ok, client: client.trim().slice(0, 45) });
  }
  res.json({ account: 'acct_2231', attempts: rows.length, failed: rows.filter((r) => !r.ok).length, rows });
});
app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
