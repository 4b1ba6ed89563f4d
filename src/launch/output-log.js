// The target's stdout and stderr: written to a capped log file in the report folder, the last
// lines kept in memory for error messages, optionally echoed to our stderr.

import fs from 'node:fs';

const TAIL_BYTES = 8192;

export class OutputLog {
  /** @param {string | null} file @param {{maxBytes?: number, echo?: NodeJS.WritableStream | null}} [options] */
  constructor(file, options = {}) {
    this.file = file;
    this.maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
    this.echo = options.echo ?? null;
    this.written = 0;
    this.truncated = false;
    this.tail = '';
    /** the last part of stderr alone: where an app's error line is */
    this.errTail = '';
    this.fd = file ? fs.openSync(file, 'w') : null;
  }

  /** @param {Buffer} chunk @param {'stdout' | 'stderr'} [stream] */
  write(chunk, stream = 'stdout') {
    if (this.echo) this.echo.write(chunk);
    this.tail = (this.tail + chunk.toString('utf8')).slice(-TAIL_BYTES);
    // from its start (an uncaught error comes first, a package manager's lines after it), then its end
    if (stream === 'stderr') this.errTail = keepEnds(this.errTail + chunk.toString('utf8'));
    if (this.fd === null || this.truncated) return;
    const room = this.maxBytes - this.written;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    fs.writeSync(this.fd, part);
    this.written += part.length;
    if (chunk.length > room) {
      this.truncated = true;
      fs.writeSync(this.fd, `\n[eventloop-probe: output truncated at ${this.maxBytes} bytes]\n`);
    }
  }

  /** @param {number} n */
  lastLines(n) {
    return this.tail.split('\n').filter((line) => line.trim() !== '').slice(-n);
  }

  close() {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }
}

/** The first and the last TAIL_BYTES of a growing text. @param {string} text */
function keepEnds(text) {
  return text.length <= 2 * TAIL_BYTES ? text : `${text.slice(0, TAIL_BYTES)}\n${text.slice(-TAIL_BYTES)}`;
}
