// A one-line progress indicator on a terminal: elapsed and remaining time. Never in CI logs,
// never with --json, never when stderr is not a TTY.

export class Progress {
  /** @param {NodeJS.WritableStream & {isTTY?: boolean}} stream @param {boolean} enabled */
  constructor(stream, enabled) {
    this.stream = stream;
    this.enabled = enabled && Boolean(stream.isTTY);
    /** @type {NodeJS.Timeout | null} */
    this.timer = null;
  }

  /** @param {string} label @param {number} totalMs @param {() => string} [extra] */
  start(label, totalMs, extra = () => '') {
    if (!this.enabled) return;
    const started = Date.now();
    const draw = () => {
      const elapsed = (Date.now() - started) / 1000;
      const left = Math.max(0, totalMs / 1000 - elapsed);
      this.stream.write(`\r\x1b[K${label} ${elapsed.toFixed(1)} s elapsed, ${left.toFixed(1)} s left ${extra()}`);
    };
    draw();
    this.timer = setInterval(draw, 250);
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    if (this.timer) this.stream.write('\r\x1b[K');
    this.timer = null;
  }
}
