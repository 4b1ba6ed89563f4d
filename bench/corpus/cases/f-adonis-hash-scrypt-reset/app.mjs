// Hono on node: the identity service's password-reset endpoint hashes the new password with
// @adonisjs/hash's scrypt driver (AdonisJS's default hasher: N=16384, r=8, p=1, 16-byte salt, 64-byte
// key) and keeps the PHC string for the user. make() awaits crypto.randomBytes for the salt and then
// runs crypto.scrypt, 16 MB of memory-hard work, on libuv's pool: the loop stays free, but 16 resets
// at once keep the pool's 4 threads busy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { Hash } from '@adonisjs/hash';
import { Scrypt } from '@adonisjs/hash/drivers/scrypt';

const statusFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'status.json');
const hash = new Hash(new Scrypt({ cost: 16384, blockSize: 8, parallelization: 1, maxMemory: 33554432 }));
const users = new Map();
for (let i = 0; i < 1000; i++) users.set(`u${i}`, { id: `u${i}`, email: `user${i}@example.test`, password: null, resetAt: null });
let seq = 0;

const app = new Hono();
app.get('/health', async (c) => c.body(await fs.promises.readFile(statusFile), 200, { 'Content-Type': 'application/json' }));
app.get('/x', (c) => {
  const user = users.get(`u${seq++ % 1000}`);
  return hash.make(`N3w-pass-${seq}-${user.id}`).then((phc) => {
    user.password = phc;
    user.resetAt = new Date().toISOString();
    return c.json({ id: user.id, resetAt: user.resetAt });
  });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
