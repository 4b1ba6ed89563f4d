// Connect: the media service serves files that users uploaded as their workspace logo. Before a stored
// upload is served, its type is sniffed (is-svg for SVG, which then gets a sandboxing CSP) rather than
// trusting the extension the browser sent.
'use strict';
const http = require('http');
const connect = require('connect');
const isSvg = require('is-svg');

const uploads = new Map([
  ['ws-12/logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#0a7"/></svg>')],
  ['ws-88/logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' + ' '.repeat(13000) + '<rect width="64" height="64" fill="#e33"/></svg>')],
]);

const app = connect();
app.use('/health', (req, res) => res.end('ok'));
app.use('/x', (req, res) => {
  const file = uploads.get('ws-88/logo');
  if (isSvg(file)) {
    res.setHeader('content-type', 'image/svg+xml');
    res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  } else {
    res.setHeader('content-type', 'application/octet-stream');
  }
  res.end(file);
});

http.createServer(app).listen(Number(process.env.PORT) || 0, '127.0.0.1');
