// hapi: a release-notes service trims the trailing newlines of each stored changelog entry with
// trim-newlines 3.0.0 (as meow's trees pin it). One entry was pasted with 11,500 newlines followed by a
// stray character, so the text does not end in a newline.
'use strict';
const Hapi = require('@hapi/hapi');
const trimNewlines = require('trim-newlines');

const entry = { version: '4.2.0', notes: 'Fixes the export dialog.' + '\n'.repeat(11500) + '.' };

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET',
    path: '/x',
    handler: () => {
      const notes = trimNewlines.end(entry.notes);
      return { version: entry.version, chars: notes.length };
    },
  });
  await server.start();
}
main();
