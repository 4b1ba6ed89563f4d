// hapi: the accounts service is moving its users off Firebase Authentication. The users were exported with
// their Firebase password hashes (Firebase's modified scrypt: mem_cost 14, rounds 8, the project's signer key
// and salt separator), and until each user has signed in once, /x (the sign-in check) verifies the password
// with firebase-scrypt, which runs node:crypto's scrypt (N = 16384, r = 8: 16 MB and tens of ms each) as a
// job on libuv's thread pool. The loop stays free, but 16 sign-ins at once keep the pool's four threads busy,
// and the health check's file read waits in the same queue. The exported user is made at start-up.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Hapi = require('@hapi/hapi');
const { FirebaseScrypt } = require('firebase-scrypt');

const statusFile = path.join(__dirname, 'status.json');
const firebase = new FirebaseScrypt({
  memCost: 14, rounds: 8, saltSeparator: 'Bw==',
  signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
});
const exported = { localId: 'u-48213', email: 'alex@mail.example', salt: '42xEC+ixf3L2lw==' };

const init = async () => {
  exported.passwordHash = await firebase.hash('correct horse battery staple', exported.salt);
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: async (request, h) => h.response(await fs.promises.readFile(statusFile)).type('application/json') });
  server.route({ method: 'GET', path: '/x', handler: async () => {
    const ok = await firebase.verify('correct horse battery staple', exported.salt, exported.passwordHash);
    return { user: exported.localId, ok, rehash: ok ? 'argon2id' : null };
  } });
  await server.start();
};
init();
