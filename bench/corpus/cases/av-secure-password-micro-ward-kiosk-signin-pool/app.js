// micro 10: the sign-in service behind a hospital's ward kiosks. Nurses and physicians sign in at a kiosk with their
// staff number and password; the service verifies the password against the stored secure-password hash (Argon2id
// with libsodium's interactive limits: 64 MB, 2 passes). secure-password's promise form hands each verification to
// sodium-native's crypto_pwhash_str_verify_async, one job of about 150 ms on libuv's thread pool (4 threads), so the
// loop stays free while the pool works. At shift change every kiosk signs someone in at once; /health reads a 1 KB
// status file through the same pool. The staff directory and its hashes are made at start-up.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const crypto = require('node:crypto');
const { serve, send } = require('micro');
const SecurePassword = require('secure-password');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-'));
const statusFile = path.join(dir, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'ward-kiosk-signin', site: 'St. Elisabeth', pad: 'x'.repeat(940) }));

const pwd = SecurePassword();
const staff = new Map(Array.from({ length: 4 }, (_, i) => {
  const id = `RN-${20410 + i}`;
  const password = `Ward${i}-Night-Shift-${crypto.createHash('sha1').update(id).digest('hex').slice(0, 6)}`;
  return [id, { id, name: ['A. Novak', 'B. Keller', 'C. Moreau', 'D. Rossi'][i], ward: ['3B', 'ICU', '5A', 'ER'][i], password, hash: pwd.hashSync(Buffer.from(password)) }];
}));
const sessions = new Map();

async function verifyStaff(member, password) {
  const result = await pwd.verify(Buffer.from(password), member.hash);
  return result === SecurePassword.VALID || result === SecurePassword.VALID_NEEDS_REHASH;
}

let n = 0;
const server = new http.Server(serve(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') return send(res, 200, await fs.promises.readFile(statusFile));
  if (url.pathname === '/kiosk/signin') {
    const member = staff.get(url.searchParams.get('staff') || `RN-${20410 + (n++ % 4)}`);
    if (!member) return send(res, 401, { error: 'unknown staff number' });
    // the kiosk's form post, as the load test sends it: the staff member's own password
    if (!(await verifyStaff(member, member.password))) return send(res, 401, { error: 'wrong password' });
    const token = crypto.randomUUID();
    sessions.set(token, { staff: member.id, ward: member.ward, at: Date.now() });
    if (sessions.size > 1000) sessions.delete(sessions.keys().next().value);
    return { token, name: member.name, ward: member.ward };
  }
  return send(res, 404, 'not found');
}));
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
process.on('SIGTERM', () => process.exit(0));
