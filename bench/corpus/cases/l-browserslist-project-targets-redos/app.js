// Fastify: the hosted front-end build service shows, for every project of an organisation, which
// browsers its bundle targets. /x resolves each project's saved browserslist queries with
// browserslist 4.16.4 (the results of valid queries are cached by browserslist itself). One project's
// targets were set through the API with a share threshold whose number is 3,900 digits long and
// carries no "%" (made at start-up here).
'use strict';
process.env.BROWSERSLIST_IGNORE_OLD_DATA = '1';
const fastify = require('fastify')();
const browserslist = require('browserslist');

const projects = [];
for (let i = 0; i < 40; i++) {
  projects.push({ id: `web-${i}`, targets: i % 3 ? ['> 0.5%', 'last 2 versions', 'not dead'] : ['defaults', 'not IE 11', `safari >= ${12 + (i % 4)}`] });
}
projects[23].targets = ['defaults', `> ${'5'.repeat(3900)}`];

fastify.get('/health', async () => 'ok');
fastify.get('/x', async () => {
  const rows = projects.map((p) => {
    try {
      const browsers = browserslist(p.targets);
      return { id: p.id, browsers: browsers.length, oldest: browsers[browsers.length - 1] };
    } catch (err) {
      return { id: p.id, error: err.message.slice(0, 80) };
    }
  });
  return { projects: rows.length, invalid: rows.filter((r) => r.error).length };
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
