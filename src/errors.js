// Errors carry the exit code the bin should use; nothing below the bin calls process.exit.

export const EXIT = Object.freeze({
  OK: 0,
  BUDGET: 1,
  USAGE: 2,
  TARGET: 3,
  INTERNAL: 70,
  INTERRUPTED: 130,
  TERMINATED: 143,
});

export class ProbeError extends Error {
  /** @param {string} message @param {number} exitCode @param {{hint?: string}} [extra] */
  constructor(message, exitCode, extra = {}) {
    super(message);
    this.name = 'ProbeError';
    this.exitCode = exitCode;
    this.hint = extra.hint;
  }
}

/** Bad input from the user: one line, what is wrong and how to fix it. */
export class UsageError extends ProbeError {
  /** @param {string} message @param {string} [hint] */
  constructor(message, hint) {
    super(message, EXIT.USAGE, { hint });
    this.name = 'UsageError';
  }
}
