// attach's pure parts: the kernel's socket tables, which port gets the requests, what counts as
// Node.js, and the checks on this very process.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { parseTcpTable, decodeAddress, listeningSockets } from '../../src/proc/listening.js';
import { chooseOrigin } from '../../src/attach/origin.js';
import { isNodeExecutable, inspectProcess, tooOld } from '../../src/proc/process-info.js';
import { formatUptime } from '../../src/commands/attach/attach.js';
import { UsageError } from '../../src/errors.js';

test('kernel addresses decode: IPv4, IPv6, v4-mapped, any', () => {
  assert.equal(decodeAddress('0100007F'), '127.0.0.1');
  assert.equal(decodeAddress('00000000'), '0.0.0.0');
  assert.equal(decodeAddress('00000000000000000000000001000000'), '::1');
  assert.equal(decodeAddress('00000000000000000000000000000000'), '::');
  assert.equal(decodeAddress('0000000000000000FFFF00000100007F'), '::ffff:127.0.0.1');
  assert.equal(decodeAddress('B80D0120000000000000000001000000'), '2001:db8::1');
});

test('a /proc/net/tcp table: listening rows with port and inode', () => {
  const text = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4242 1 0000000000000000 100 0 0 10 0',
    '   1: 0100007F:B670 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 4243 1 0000000000000000 20 4 30 10 -1',
  ].join('\n');
  assert.deepEqual(parseTcpTable(text), [
    { address: '127.0.0.1', port: 8080, state: '0A', inode: 4242 },
    { address: '127.0.0.1', port: 46704, state: '01', inode: 4243 },
  ]);
});

test('listeningSockets finds a server of this process, and only its listening sockets', async (t) => {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  t.after(() => server.close());
  const port = /** @type {net.AddressInfo} */ (server.address()).port;
  const mine = listeningSockets(process.pid).filter((s) => s.port === port);
  assert.deepEqual(mine.map((s) => [s.address, s.family]), [['127.0.0.1', 'IPv4']]);
  assert.deepEqual(listeningSockets(99_999_999), []);
});

const sockets = [
  { port: 3000, address: '::', family: /** @type {const} */ ('IPv6'), inode: 1 },
  { port: 9090, address: '127.0.0.1', family: /** @type {const} */ ('IPv4'), inode: 2 },
];

test('chooseOrigin: observe needs no port; load and probe need exactly one', () => {
  const base = { pid: 7, load: true };
  assert.equal(chooseOrigin(base, sockets).origin, null);
  assert.deepEqual(chooseOrigin({ ...base, route: ['/x'], port: 3000 }, sockets), {
    origin: 'http://127.0.0.1:3000', port: 3000, routes: ['/x'], probePath: '/x', load: true,
  });
  assert.equal(chooseOrigin({ ...base, probe: '/health' }, [sockets[1]]).origin, 'http://127.0.0.1:9090');
  assert.equal(chooseOrigin({ ...base, route: ['/x'], load: false }, [sockets[1]]).load, false);
  assert.throws(() => chooseOrigin({ ...base, route: ['/x'] }, sockets), (e) => e instanceof UsageError && /several ports \(3000, 9090\)/.test(e.message));
  assert.throws(() => chooseOrigin({ ...base, port: 1234 }, sockets), /does not listen on port 1234/);
  assert.throws(() => chooseOrigin({ ...base, probe: '/h' }, []), /listens on no TCP port/);
  const external = [{ port: 80, address: '10.0.0.5', family: /** @type {const} */ ('IPv4'), inode: 3 }];
  assert.throws(() => chooseOrigin({ ...base, route: ['/'] }, external), /not loopback/);
});

test('what counts as a Node.js executable', () => {
  for (const exe of ['/usr/bin/node', '/opt/node-v20.11.0/bin/node', '/usr/bin/nodejs', '/x/node20', '/x/node-22']) assert.ok(isNodeExecutable(exe), exe);
  for (const exe of ['/usr/bin/sleep', '/usr/bin/python3', '/x/nodemon', '/x/electron', '']) assert.ok(!isNodeExecutable(exe), exe);
});

test('Node.js 20 and newer only', () => {
  assert.deepEqual(['v18.20.4', 'v16.0.0', 'v20.0.0', 'v22.12.0', 'v24.1.0', 'nonsense'].map(tooOld), [true, true, false, false, false, true]);
});

test('inspectProcess on this test process: Node.js, ours, its version read from the executable', () => {
  const info = inspectProcess(process.pid);
  assert.equal(info.pid, process.pid);
  assert.equal(info.nodeVersion, process.version);
  assert.ok(info.argv.length > 0);
});

test('uptime in words', () => {
  assert.deepEqual([5, 600, 3 * 3600, 3 * 86400].map(formatUptime), ['5 s', '10 min', '3.0 h', '3.0 days']);
});
