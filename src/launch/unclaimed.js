// Why no process of the command was measured although one listens: a process of the tree that
// listens on a TCP port without the agent, because it is not Node.js or because its NODE_OPTIONS
// no longer holds the agent's (a script that sets NODE_OPTIONS=... replaces it). Linux (/proc).

import fs from 'node:fs';
import { listeningSockets } from '../proc/listening.js';
import { isNodeExecutable } from '../proc/process-info.js';
import { commandLineOf } from '../proc/descendants.js';
import { AGENT_PATH } from './agent-env.js';

/**
 * @param {{pid: number, tree: import('../proc/descendants.js').DescendantTracker}} child
 * @returns {string | null} one clause for the failure line, or null
 */
export function unclaimedListeners(child) {
  child.tree.sample();
  const pids = [child.pid, ...child.tree.alive()];
  for (const pid of pids) {
    const ports = listeningSockets(pid).map((s) => s.port);
    if (ports.length === 0) continue;
    const what = `pid ${pid} (${commandLineOf(pid) ?? '?'}) listens on port ${[...new Set(ports)].join(', ')}`;
    let exe = '';
    try { exe = fs.readlinkSync(`/proc/${pid}/exe`); } catch { /* gone */ }
    if (!isNodeExecutable(exe)) return `${what} but is not Node.js`;
    const options = nodeOptionsOf(pid);
    if (options !== null && !options.includes(AGENT_PATH)) {
      return `${what} without the agent: its NODE_OPTIONS is "${options}" (the command replaced it; add to it instead: NODE_OPTIONS="$NODE_OPTIONS ...")`;
    }
    return `${what} without the agent`;
  }
  return null;
}

/** @param {number} pid @returns {string | null} NODE_OPTIONS in its environment ('' when unset), null when unreadable */
function nodeOptionsOf(pid) {
  try {
    const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return env.find((e) => e.startsWith('NODE_OPTIONS='))?.slice('NODE_OPTIONS='.length) ?? '';
  } catch {
    return null;
  }
}
