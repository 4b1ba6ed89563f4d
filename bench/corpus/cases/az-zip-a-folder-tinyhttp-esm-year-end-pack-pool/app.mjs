// tinyhttp, written as ESM: the client portal of an accounting practice. At year end a client downloads the
// "year-end pack": /clients/:id/year-end-pack zips each of the client's four ledger folders (sales, purchases, bank,
// payroll) with zip-a-folder at its default (highest) compression, all four at once, and answers with the archives'
// names and sizes for the download page. zip-a-folder hands each folder to archiver, which deflates every file through
// a zlib stream: the compression runs on libuv's thread pool, not on the loop. In January many clients do this at
// once; /health reads a 1 KB status file through the same pool. The ledgers are written as CSV files at start-up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from '@tinyhttp/app';
import { zip } from 'zip-a-folder';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'year-end-'));
const outDir = path.join(root, 'packs');
fs.mkdirSync(outDir);
const statusFile = path.join(root, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'client-portal', region: 'eu-west', pad: 'x'.repeat(950) }));

const ledgers = ['sales', 'purchases', 'bank', 'payroll'];
const clients = new Map();
for (const id of ['CL-2201', 'CL-2202', 'CL-2203']) {
  const dir = path.join(root, id);
  for (const [l, ledger] of ledgers.entries()) {
    fs.mkdirSync(path.join(dir, ledger), { recursive: true });
    for (let q = 1; q <= 4; q++) {
      fs.writeFileSync(path.join(dir, ledger, `${ledger}-2024-Q${q}.csv`), Array.from({ length: 5200 }, (_, i) =>
        `2024-${String(((q - 1) * 3) + (i % 3) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')},${ledger.toUpperCase()}-${q}${String(10000 + i)},` +
        `${['Acme Supplies Ltd', 'Northwind Traders', 'Bank of Ireland', 'Revenue PAYE'][l]} ${i % 37},${((i * 7919 + q) % 250000) / 100},EUR,${i % 11 ? 'reconciled' : 'pending'}\n`).join(''));
    }
  }
  clients.set(id, { id, dir });
}

let seq = 0;
async function yearEndPack(client) {
  const packs = await Promise.all(ledgers.map(async (ledger) => {
    const target = path.join(outDir, `${client.id}-${ledger}-2024-${++seq}.zip`);
    await zip(path.join(client.dir, ledger), target);
    const { size } = await fs.promises.stat(target);
    await fs.promises.unlink(target); // the real portal moves it to the download store
    return { ledger, file: path.basename(target), bytes: size };
  }));
  return { client: client.id, year: 2024, packs };
}

const app = new App();
app.get('/health', async (req, res) => { res.send(await fs.promises.readFile(statusFile)); });
app.get('/clients/:id/year-end-pack', async (req, res) => {
  const client = clients.get(req.params.id);
  if (!client) return res.status(404).json({ error: 'no such client' });
  res.json(await yearEndPack(client));
});
app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
process.on('SIGTERM', () => process.exit(0));
