'use strict';
// Data goes back to the tool as files in the run's data folder: an append-only event log and a
// summary overwritten in place. Writes are synchronous and small, so the data survives
// process.exit() and crashes; a failing write disables the sink instead of throwing into the app.
// The summary is written over the old one in the same file, never written beside it and renamed
// over it: on ext4, a rename that replaces a file waits for the new file's data to reach the disk
// (its replace-by-rename safeguard), and on a busy disk that held the app's loop 20 to 250 ms a
// write (bench/summary-write.js), where an append or a write in place took under 2 ms.

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
    /** the longest summary written, in bytes: a shorter one is padded to it (JSON ends in blanks) */
    this.summaryBytes = -1;
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
    this.guard(() => {
      let bytes = Buffer.from(JSON.stringify(summary));
      if (bytes.length < this.summaryBytes) bytes = Buffer.concat([bytes, Buffer.alloc(this.summaryBytes - bytes.length, ' ')]);
      // emptied at the first write only (a truncated file's rewrite waits for the disk too, at its close)
      const first = this.summaryBytes < 0;
      const fd = fs.openSync(this.summaryPath, fs.constants.O_WRONLY | fs.constants.O_CREAT | (first ? fs.constants.O_TRUNC : 0));
      try {
        fs.writeSync(fd, bytes, 0, bytes.length, 0);
      } finally {
        fs.closeSync(fd);
      }
      this.summaryBytes = bytes.length;
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
