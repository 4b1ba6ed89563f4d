// A partner feed on node:http: the partner sends its catalogue as one Windows-1252 file (25 MB,
// kept as received); each request decodes it to a string with iconv-lite.
'use strict';
const http = require('node:http');
const iconv = require('iconv-lite');

const line = Buffer.from('4711;Caf\xe9 cr\xe8me br\xfbl\xe9e;12,50 \x80;En stock\r\n', 'latin1');
const feed = Buffer.alloc(25e6);
for (let off = 0; off + line.length <= feed.length; off += line.length) line.copy(feed, off);

http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  const text = iconv.decode(feed, 'win1252');
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ chars: text.length, first: text.slice(0, 40) }));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
