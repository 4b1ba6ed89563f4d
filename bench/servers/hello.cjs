// Bench target: the smallest HTTP server.
const http = require('node:http');
http.createServer((req, res) => res.end('hello\n')).listen(Number(process.env.PORT));
