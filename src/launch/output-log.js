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
    this.fd = file ? fs.openSync(file, 'w') : null;
  }

  /** @param {Buffer} chunk */
  write(chunk) {
    if (this.echo) this.echo.write(chunk);
    this.tail = (this.tail + chunk.toString('utf8')).slice(-TAIL_BYTES);
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
