// Fastify 5: a billing service zips the month's 12 invoice CSVs (3.6 MB, built at start-up) with
// archiver at compression level 9 for each download. archiver's zip format deflates every entry through
// a zlib.DeflateRaw stream: each chunk is a job on libuv's pool, so the loop stays free, but 16
// downloads at once keep the pool's 4 threads busy.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { ZipArchive } from 'archiver';

const statusFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'status.json');
let seed = 3;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const invoices = [];
for (let m = 0; m < 12; m++) {
  const rows = ['invoice,customer,line,sku,qty,unit_price,vat,issued_at'];
  for (let i = 0; i < 5000; i++) rows.push(`INV-2024-${m}-${i},cus_${rnd(1e9).toString(36)},${1 + rnd(9)},SKU-${rnd(5000)},${1 + rnd(20)},${rnd(100000) / 100},${[0, 5, 20][rnd(3)]},2024-06-${String(1 + rnd(28)).padStart(2, '0')}`);
  invoices.push({ name: `invoices-2024-06-part${m + 1}.csv`, body: Buffer.from(rows.join('\n')) });
}
const monthEnd = new Date('2024-06-30T00:00:00Z');

const fastify = Fastify();
fastify.get('/health', async (req, reply) => reply.type('application/json').send(await fs.promises.readFile(statusFile)));
fastify.get('/x', async (req, reply) => {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  for (const inv of invoices) archive.append(inv.body, { name: inv.name, date: monthEnd });
  archive.finalize();
  return reply.type('application/zip').header('Content-Disposition', 'attachment; filename="invoices-2024-06.zip"').send(archive);
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
