// restify 11: the agent API on each node of a managed backup service. The admin console shows, per tenant, how much
// its upload and snapshot folders take on this node; /tenants/:id/usage runs `du -sk` over the tenant's folders with
// shelljs, the shell helper the agent's maintenance scripts already use. shell.exec is synchronous unless called
// with { async: true }: shelljs runs the command through a child Node process (its exec-child.js) with
// child_process.execFileSync and waits for it, so the loop is held for the whole spawn, du and exit. The tenants'
// folders are made at start-up.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const restify = require('restify');
const shell = require('shelljs');

shell.config.silent = true;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-agent-'));
const tenants = new Map(['acme-logistics', 'brightside-dental', 'nordwind-legal'].map((id, t) => {
  const dirs = ['uploads', 'snapshots'].map((kind) => path.join(root, id, kind));
  dirs.forEach((d, k) => {
    for (let day = 0; day < 10; day++) {
      const sub = path.join(d, `2025-05-${String(day + 1).padStart(2, '0')}`);
      fs.mkdirSync(sub, { recursive: true });
      for (let f = 0; f < 12; f++) fs.writeFileSync(path.join(sub, `${k ? 'snap' : 'file'}-${f}.bin`), Buffer.alloc(2048 + ((t * 7 + day * 13 + f * 29) % 40) * 1024, f));
    }
  });
  return [id, { id, plan: ['business', 'starter', 'enterprise'][t], quotaMb: [50, 20, 200][t], dirs }];
}));

function diskUsage(tenant) {
  const result = shell.exec(`du -sk ${tenant.dirs.map((d) => `'${d}'`).join(' ')}`);
  if (result.code !== 0) throw new Error(`du failed: ${result.stderr}`);
  return result.stdout.trim().split('\n').map((line) => { const [kb, dir] = line.split('\t'); return { folder: path.basename(dir), kb: Number(kb) }; });
}

const server = restify.createServer({ name: 'backup-agent' });
server.use(restify.plugins.queryParser({ mapParams: false }));
server.get('/health', (req, res, next) => { res.send(200, 'ok'); next(); });
server.get('/tenants/:id/usage', (req, res, next) => {
  const tenant = tenants.get(req.params.id);
  if (!tenant) { res.send(404, { error: 'unknown tenant' }); return next(); }
  const folders = diskUsage(tenant);
  const usedMb = folders.reduce((s, f) => s + f.kb, 0) / 1024;
  res.send({ tenant: tenant.id, node: os.hostname(), plan: tenant.plan, folders, usedMb: Math.round(usedMb * 10) / 10, quotaMb: tenant.quotaMb, overQuota: usedMb > tenant.quotaMb });
  next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
process.on('SIGTERM', () => process.exit(0));
