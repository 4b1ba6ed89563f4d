// Fastify: the CDN team's revalidation report. /x replays the last 2,000 logged requests for the product
// pages against the current ETags with fresh 0.5.0 (pinned long ago by the edge code) to count how many
// could have been answered 304. One logged request came from a scanner whose If-None-Match header is a
// tag followed by 9,000 blanks (well inside Node's 16 KB header limit); the log sample is made at start-up.
'use strict';
const fastify = require('fastify')({ logger: false });
const fresh = require('fresh');

const pages = Array.from({ length: 200 }, (_, i) => ({ path: `/p/${i}`, etag: `W/"${(i * 2654435761 >>> 0).toString(16)}-${i}"`, lastModified: new Date(Date.UTC(2024, 2, 1, i % 24)).toUTCString() }));
const logged = Array.from({ length: 2000 }, (_, i) => {
  const page = pages[i % pages.length];
  const headers = { 'user-agent': 'Mozilla/5.0', accept: 'text/html' };
  if (i % 3 === 0) headers['if-none-match'] = i % 6 === 0 ? page.etag : `W/"stale-${i}"`;
  else if (i % 3 === 1) headers['if-modified-since'] = page.lastModified;
  return { path: page.path, headers };
});
logged[1337].headers['if-none-match'] = `W/"0"${' '.repeat(9000)}x`;

fastify.get('/health', async () => 'ok');
fastify.get('/x', async () => {
  let fresh304 = 0;
  for (const entry of logged) {
    const page = pages[Number(entry.path.slice(3))];
    if (fresh(entry.headers, { etag: page.etag, 'last-modified': page.lastModified })) fresh304++;
  }
  return { sampled: logged.length, couldBe304: fresh304 };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
