'use strict';
// Data goes back to the tool as files in the run's data folder: an append-only event log and a
// summary overwritten in place. Writes are synchronous and small, so the data survives
// process.exit() and crashes; a failing write disables the sink instead of throwing into the app.

const fs = require('node:fs');
const path = require('node:path');
const { files, encode } = require('./wire.cjs');

class Sink {
  /** @param {string} dir @param {string | number} key the loop's: the pid, or `<pid>-t<threadId>` for a worker thread */
  constructor(dir, key) {
    this.key = String(key);
    this.eventsPath = path.join(dir, files.events(key));
    this.summaryPath = path.join(dir, files.summary(key));
    /** @type {string[]} */
    this.pending = [];
    this.broken = false;
  }

  /** @param {object} event */
  push(event) {
    if (!this.broken) this.pending.push(encode(event));
  }

  flush() {
    if (this.broken || this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.guard(() => fs.appendFileSync(this.eventsPath, text));
  }

  /** @param {object} summary */
  writeSummary(summary) {
    const tmp = `${this.summaryPath}.tmp`;
    this.guard(() => {
      fs.writeFileSync(tmp, JSON.stringify(summary));
      fs.renameSync(tmp, this.summaryPath);
    });
  }

  /** Removes this process's files (and the folder once empty) and writes nothing more. */
  discard() {
    this.broken = true;
    this.pending = [];
    const dir = path.dirname(this.eventsPath);
    const mine = `-${this.key}`;
    /** @type {string[]} */
    let names = [];
    try { names = fs.readdirSync(dir); } catch { /* already gone */ }
    // our events and summary, and the profiles and thread files of this process
    for (const name of names.filter((n) => n.includes(`${mine}.`) || n.includes(`${mine}-`))) {
      try { fs.rmSync(path.join(dir, name), { force: true }); } catch { /* nothing to remove */ }
    }
    try { fs.rmdirSync(path.dirname(this.eventsPath)); } catch { /* other processes' files remain */ }
  }

  /** @param {() => void} write */
  guard(write) {
    if (this.broken) return;
    try {
      write();
    } catch {
      this.broken = true; // the tool is gone or its folder was removed: stay silent
    }
  }
}

module.exports = { Sink };
