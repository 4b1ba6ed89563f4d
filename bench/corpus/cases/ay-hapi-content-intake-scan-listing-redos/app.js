// hapi 21: a document-intake service. Scanners and partner systems upload files to /uploads as raw bodies with the
// Content-Disposition header of the form field they would have posted (form-data; name="file"; filename="...");
// the service stores each upload with that header as the client sent it and parses it when the intake queue is
// listed: /x lists the 60 newest uploads and reads each one's file name with @hapi/content's disposition parser
// (the one hapi's own multipart parsing uses). One partner's scanner pads the header with 7,000 spaces before an
// unquoted file name. @hapi/content 6.0.0's parameter regex backtracks quadratically over that run of spaces
// (CVE-2026-35213, GHSA-jg4p-7fhp-p32p; fixed in 6.0.1). The queue is made at start-up.
'use strict';
const Hapi = require('@hapi/hapi');
const Content = require('@hapi/content');

const partners = ['acme-scan', 'docuflow', 'northwind-mfp', 'kiosk-12'];
const uploads = Array.from({ length: 60 }, (_, i) => ({
  id: `up_${71400 + i}`, partner: partners[i % 4], bytes: 48000 + i * 3313, receivedAt: new Date(Date.UTC(2025, 4, 2, 9, i)).toISOString(),
  disposition: i === 17 ? `form-data; name="file"; filename=${' '.repeat(7000)}delivery-note 0417.pdf` : `form-data; name="file"; filename="scan-${i}.pdf"`,
}));

const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
server.route({ method: 'GET', path: '/x', handler: () => {
  const queue = [];
  for (const u of uploads) {
    const { name, filename } = Content.disposition(u.disposition);
    queue.push({ id: u.id, partner: u.partner, field: name, filename: filename || '(unnamed)', bytes: u.bytes, receivedAt: u.receivedAt });
  }
  return { pending: queue.length, queue };
} });
server.start();
