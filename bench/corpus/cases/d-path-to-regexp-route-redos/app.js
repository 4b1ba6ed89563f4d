// node:http with a small route table built on path-to-regexp 6.2.2's match(), as many hand-rolled
// routers do. A link checker resolves the links of a stored page against the routes; one stored link is
// crafted for the archive route's three dash-separated params (CVE-2024-45296: fixed in 6.3.0).
'use strict';
const http = require('node:http');
const { match } = require('path-to-regexp');

const routes = [
  { name: 'post', match: match('/blog/:slug', { decode: decodeURIComponent }) },
  { name: 'archive', match: match('/archive/:year-:month-:day', { decode: decodeURIComponent }) },
  { name: 'author', match: match('/authors/:id', { decode: decodeURIComponent }) },
];
const pageLinks = ['/blog/hello-world', '/archive/2024-05-01', '/authors/17', `/archive/${'-'.repeat(950)}/x`];

function resolve(link) {
  for (const route of routes) {
    const found = route.match(link);
    if (found) return { link, route: route.name, params: found.params };
  }
  return { link, route: null };
}

http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  const checked = pageLinks.map(resolve);
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ broken: checked.filter((c) => !c.route).length, checked: checked.length }));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
