// Where load and probe go when attached: a port the process listens on (from the OS), the one
// the user named with --port or the only one there is. Observing needs no port at all.

import { UsageError } from '../errors.js';
import { loopbackHost } from '../launch/host.js';

/**
 * @param {{pid: number, route?: string[], port?: number, probe?: string | false, load: boolean}} opts
 * @param {import('../proc/listening.js').ListeningSocket[]} sockets the process's listening sockets
 * @returns {{origin: string | null, port: number | null, routes: string[], probePath: string | null, load: boolean}}
 */
export function chooseOrigin(opts, sockets) {
  const routes = opts.route ?? [];
  const load = opts.load && routes.length > 0;
  const probePath = opts.probe === false ? null : opts.probe ?? routes[0] ?? null;
  const ports = [...new Set(sockets.map((s) => s.port))];
  const list = ports.length ? ports.join(', ') : 'none';
  if (opts.port && !ports.includes(opts.port)) {
    throw new UsageError(`process ${opts.pid} does not listen on port ${opts.port} (it listens on: ${list})`, 'give one of its ports with --port');
  }
  const wanted = load || probePath !== null;
  const port = opts.port ?? (ports.length === 1 ? ports[0] : null);
  if (port === null) {
    if (!wanted) return { origin: null, port: null, routes, probePath: null, load: false };
    throw new UsageError(ports.length
      ? `process ${opts.pid} listens on several ports (${list}): which one should get the requests?`
      : `process ${opts.pid} listens on no TCP port: there is nothing to send requests to`,
    ports.length ? 'choose one with --port' : 'drop --route and --probe to only observe it');
  }
  const host = sockets.filter((s) => s.port === port).map((s) => loopbackHost(s.address)).find((h) => h !== null) ?? null;
  if (!host) {
    if (!wanted) return { origin: null, port, routes, probePath: null, load: false };
    throw new UsageError(`process ${opts.pid} listens on port ${port} only on an address that is not loopback; load and probe go to loopback only`, 'drop --route and --probe to only observe it');
  }
  return { origin: `http://${host}:${port}`, port, routes, probePath, load };
}
