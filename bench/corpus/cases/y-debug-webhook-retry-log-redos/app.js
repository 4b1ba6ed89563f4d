// hapi: an inbound-webhook receiver for a CRM sync. Events that fail processing go to a dead-letter list; /x is
// the retry tick the scheduler calls: it takes the oldest dead-lettered event, logs it with the debug package at
// the service's usual namespace (DEBUG=crm:* is set in this deployment) and tries it again. The oldest event is a
// customer update whose delivery note was pasted from a spreadsheet with a 9,990-space gap: debug 2.6.8's %o
// formatter collapses util.inspect's line breaks with /\s*\n\s*/g, which backtracks quadratically over a long run of
// spaces with no line break in it (CVE-2017-16137). The event fails validation again and goes back on the list.
'use strict';
const createDebug = require('debug');
createDebug.enable(process.env.DEBUG || 'crm:*');
const Hapi = require('@hapi/hapi');

const log = createDebug('crm:retry');
const deadLetters = [{ id: 'evt_7Qk2', type: 'customer.updated', attempts: 3, receivedAt: '2024-11-29T08:12:44Z', data: { customer: {
  id: 'cus_4410', name: 'Harbour Road Deli', email: 'orders@harbourdeli.example', vatId: 'GB 123 4567 89',
  deliveryNote: `Flat 4${' '.repeat(9990)}12 Harbour Road - ring twice`, segment: 'b2b', tags: ['net30', 'wholesale'] } } }];
for (let i = 0; i < 40; i++) deadLetters.push({ id: `evt_${1000 + i}`, type: 'invoice.paid', attempts: 1, receivedAt: '2024-11-29T09:00:00Z', data: { invoice: { id: `in_${i}`, amount: 120 + i } } });

function processEvent(event) {
  const note = event.data.customer && event.data.customer.deliveryNote;
  if (note && note.length > 500) throw new Error('deliveryNote longer than 500 characters');
  return true;
}

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({ method: 'GET', path: '/x', handler: () => {
    const event = deadLetters.shift();
    event.attempts++;
    log('retrying %s (attempt %d): %o', event.id, event.attempts, event);
    try {
      processEvent(event);
      return { id: event.id, status: 'delivered' };
    } catch (err) {
      deadLetters.unshift(event);
      return { id: event.id, status: 'dead-lettered', attempts: event.attempts, error: err.message };
    }
  } });
  await server.start();
}
main();
