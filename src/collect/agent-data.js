// Reads what the agent left in the run's data folder: the event log and the latest summary of
// every loop that ran an agent: each process's main thread (events-<pid>.ndjson) and, with
// --threads, each worker thread (events-<pid>-t<threadId>.ndjson).

import fs from 'node:fs';
import path from 'node:path';
import wire from '../agent/wire.cjs';

/**
 * @typedef {object} AgentData
 * @property {string} key the loop's key in file names: `<pid>`, or `<pid>-t<threadId>`
 * @property {number} pid
 * @property {number | null} threadId a worker thread's, null for a process's main thread
 * @property {number | null} helloAt epoch ms the agent started in this loop
 * @property {{t: number, durationMs: number, loopAt: number | null} | null} startup the main module's run,
 *   from the agent's start to the loop's first turn (loopAt null: the loop never turned)
 * @property {{t: number, code: number}[]} exits the loop's own end (its exit code), as it wrote it
 * @property {any[]} outside what the main thread saw of its worker threads from outside
 *   (thread-outside, thread-exit) and how its cluster workers ended (cluster-exit)
 * @property {any | null} summary the last summary the agent wrote
 * @property {any[]} blocks
 * @property {any[]} windows
 * @property {any[]} gcPauses GC pauses of 10 ms or more
 * @property {import('../analyze/gc-share.js').GcRun[]} gcRuns shorter GC pauses, summed over runs of them
 * @property {any[]} memory
 * @property {any[]} listens
 * @property {any[]} marks
 * @property {any[]} origins blocked-at reports (--stacks async-origin)
 * @property {{t: number, durationMs: number, what: string}[]} toolStalls the agent's own work that held the loop
 * @property {{t: number, waitMs: number, elapsedMs: number}[]} pool the thread-pool canaries: how long each waited
 * @property {{t: number, durationMs: number, requests: import('../analyze/thread-pool.js').PoolRequest[], streamCalls?: [number, number][]}[]} poolCallers the stacks
 *   of the thread-pool requests made during each short burst of looking
 * @property {import('../analyze/requests.js').BlockRequests[]} blockRequests the requests around each block
 * @property {string[]} notes what the agent wants the reader to know
 * @property {number} lastSeen epoch ms of the newest thing the agent wrote
 */

/** Events kept as they come, each type in its list of the agent's data. @type {Record<string, 'origins' | 'pool' | 'blockRequests' | 'poolCallers'>} */
const LISTED = { origin: 'origins', pool: 'pool', 'block-requests': 'blockRequests', 'pool-callers': 'poolCallers' };

/** @param {string} dir @returns {AgentData[]} */
export function readAgentData(dir) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => wire.EVENTS_FILE.exec(name))
    .filter((m) => m !== null)
    .map((m) => {
      const [, key, pid, threadId] = /** @type {RegExpExecArray} */ (m);
      return readOne(dir, key, Number(pid), threadId === undefined ? null : Number(threadId));
    });
}

/** @param {string} dir @param {string} key @param {number} pid @param {number | null} threadId @returns {AgentData} */
function readOne(dir, key, pid, threadId) {
  /** @type {AgentData} */
  const data = {
    key, pid, threadId, helloAt: null, startup: null, exits: [], outside: [],
    summary: null, blocks: [], windows: [], gcPauses: [], gcRuns: [], memory: [], listens: [], marks: [], origins: [], toolStalls: [], pool: [], poolCallers: [], blockRequests: [], notes: [], lastSeen: 0,
  };
  const text = fs.readFileSync(path.join(dir, wire.files.events(key)), 'utf8');
  for (const event of wire.decodeAll(text)) { // a line cut short by a kill is left out
    if (event.type === 'windows') {
      data.windows.push(...event.windows);
      const last = event.windows[event.windows.length - 1];
      if (last) data.lastSeen = Math.max(data.lastSeen, last.t);
      continue;
    }
    if (event.type === 'note') {
      if (!data.notes.includes(event.text)) data.notes.push(event.text);
      continue;
    }
    const list = LISTED[event.type];
    if (list) {
      data[list].push(event);
      continue;
    }
    if (event.type === 'thread-outside' || event.type === 'thread-exit' || event.type === 'cluster-exit') {
      data.outside.push(event);
      continue;
    }
    if (event.type === 'hello' && data.helloAt === null) data.helloAt = event.t;
    if (event.type === 'startup' && data.startup === null) data.startup = { t: event.t, durationMs: event.durationMs, loopAt: event.loopAt ?? null };
    if (event.type === 'exit') data.exits.push(event);
    if (typeof event.t === 'number') data.lastSeen = Math.max(data.lastSeen, event.t + (event.durationMs || 0));
    if (event.type === 'block') data.blocks.push(event);
    else if (event.type === 'gc') data.gcPauses.push(event);
    else if (event.type === 'gcrun') data.gcRuns.push(event);
    else if (event.type === 'mem') data.memory.push(event);
    else if (event.type === 'listen') data.listens.push(event);
    else if (event.type === 'mark') data.marks.push(event);
    else if (event.type === 'tool') data.toolStalls.push(event);
  }
  try {
    data.summary = JSON.parse(fs.readFileSync(path.join(dir, wire.files.summary(key)), 'utf8'));
  } catch {
    data.summary = null;
  }
  return data;
}
