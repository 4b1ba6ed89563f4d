// Reads what the agent left in the run's data folder: the event log and the latest summary of
// every process that ran an agent.

import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} AgentData
 * @property {number} pid
 * @property {any | null} summary the last summary the agent wrote
 * @property {any[]} blocks
 * @property {any[]} windows
 * @property {any[]} gcPauses GC pauses of 10 ms or more
 * @property {import('./gc-share.js').GcRun[]} gcRuns shorter GC pauses, summed over runs of them
 * @property {any[]} memory
 * @property {any[]} listens
 * @property {any[]} marks
 * @property {any[]} origins blocked-at reports (--stacks async-origin)
 * @property {{t: number, durationMs: number, what: string}[]} toolStalls the agent's own work that held the loop
 * @property {string[]} notes what the agent wants the reader to know
 * @property {number} lastSeen epoch ms of the newest thing the agent wrote
 */

/** @param {string} dir @returns {AgentData[]} */
export function readAgentData(dir) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => /^events-(\d+)\.ndjson$/.exec(name))
    .filter((m) => m !== null)
    .map((m) => readOne(dir, Number(/** @type {RegExpExecArray} */ (m)[1])));
}

/** @param {string} dir @param {number} pid @returns {AgentData} */
function readOne(dir, pid) {
  /** @type {AgentData} */
  const data = { pid, summary: null, blocks: [], windows: [], gcPauses: [], gcRuns: [], memory: [], listens: [], marks: [], origins: [], toolStalls: [], notes: [], lastSeen: 0 };
  const text = fs.readFileSync(path.join(dir, `events-${pid}.ndjson`), 'utf8');
  for (const line of text.split('\n')) {
    if (!line) continue;
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      continue; // a line cut short by a kill
    }
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
    if (event.type === 'origin') {
      data.origins.push(event);
      continue;
    }
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
    data.summary = JSON.parse(fs.readFileSync(path.join(dir, `summary-${pid}.json`), 'utf8'));
  } catch {
    data.summary = null;
  }
  return data;
}
