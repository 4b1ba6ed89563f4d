// micro: a mirror service pages through a partner API and shows where its sync stands, reading the
// pagination from the Link header of the last upstream response with parse-link-header 1.0.1. The
// partner's header (2,200 characters) ends in parameters that are long runs of spaces with no '=' (CVE-2021-23490).
'use strict';
const http = require('node:http');
const { serve, send } = require('micro');
const parseLinkHeader = require('parse-link-header');

const lastUpstream = {
  status: 200,
  headers: {
    link: `<https://partner.example.com/v2/items?page=3&per_page=100>; rel="next", <https://partner.example.com/v2/items?page=41&per_page=100>; rel="last"${`;${' '.repeat(100)}x`.repeat(20)}`,
  },
};

const handler = async (req, res) => {
  if (req.url === '/health') return 'ok';
  const links = parseLinkHeader(lastUpstream.headers.link) || {};
  return send(res, 200, { next: links.next ? Number(links.next.page) : null, last: links.last ? Number(links.last.page) : null });
};

http.createServer(serve(handler)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
