// tinyhttp: the CI service's "connect a repository" step. For each new project it makes a fresh SSH
// deploy key (RSA 2048, as the older git hosts still require) with ssh2's key generator, stores the
// private half and returns the public key for the user to paste into the git host.
import fs from 'node:fs';
import { promisify } from 'node:util';
import { App } from '@tinyhttp/app';
import ssh2 from 'ssh2';

const statusFile = new URL('./status.json', import.meta.url);
const generateKeyPair = promisify(ssh2.utils.generateKeyPair);
const keyStore = new Map();
let projectSeq = 1000;

const app = new App();
app.get('/health', async (req, res) => {
  res.set('content-type', 'application/json').send(await fs.promises.readFile(statusFile));
});
app.get('/x', async (req, res) => {
  const project = `prj_${projectSeq++}`;
  const keys = await generateKeyPair('rsa', { bits: 2048, comment: `deploy@${project}` });
  keyStore.set(project, keys.private);
  if (keyStore.size > 200) keyStore.delete(keyStore.keys().next().value);
  res.json({ project, publicKey: keys.public });
});

app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
