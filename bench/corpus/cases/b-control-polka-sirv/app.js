// Control: polka serving the site's stylesheet (20 KB) with sirv (ETag, cache headers, a file
// stream per request) next to a tiny health route.
'use strict';
const path = require('node:path');
const polka = require('polka');
const sirv = require('sirv');

const assets = sirv(path.join(__dirname, 'public'), { etag: true, maxAge: 60 });

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res, next) => {
    req.url = '/app.css';
    assets(req, res, next);
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
