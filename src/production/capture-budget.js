// How much of the app's time the production agent's stack captures may take. V8's profiler, when
// it starts, walks the whole heap for the code compiled so far, on the app's thread and inside the
// block it is to capture: a few ms on a small service, about 0.6 ms per MB of heap on our VM (170 ms
// at 300 MB), paid by every capture. The walk is measured from each capture's own profile (its
// first sample comes that long after its start); a capture with the profiler starts only while the
// walks of the last minute, with the next one expected to take as long as the last, stay within the
// budget (one that samples without it, agent/stack-sampler.cjs, walks nothing). Pure.

const MINUTE_MS = 60_000;

export class CaptureBudget {
  /** @param {number} perMinuteMs ms of the app's thread a minute the captures' starts may take (0: no capture) */
  constructor(perMinuteMs) {
    this.perMinuteMs = perMinuteMs;
    /** @type {{t: number, ms: number}[]} the walks of the last minute */
    this.recent = [];
    /** the last walk: what the next is expected to take */
    this.lastMs = 0;
    // since the last take(): the walks, and the captures not started for the budget
    this.intervalMs = 0;
    this.intervalCount = 0;
    this.intervalSampled = 0;
    this.intervalSkipped = 0;
  }

  /** @param {number} now epoch ms */
  spent(now) {
    while (this.recent.length && this.recent[0].t <= now - MINUTE_MS) this.recent.shift();
    return this.recent.reduce((sum, x) => sum + x.ms, 0);
  }

  /** Whether a capture with the profiler fits the budget now. @param {number} now epoch ms */
  fits(now) {
    return this.perMinuteMs > 0 && this.spent(now) + this.lastMs <= this.perMinuteMs;
  }

  /** A block left without a capture for the budget, counted. */
  refused() {
    this.intervalSkipped++;
  }

  /**
   * A capture's start held the app's thread this long.
   * @param {number} t epoch ms @param {number} ms
   */
  record(t, ms) {
    const v = Math.max(0, ms);
    this.recent.push({ t, ms: v });
    this.lastMs = v;
    this.intervalMs += v;
    this.intervalCount++;
  }

  /** A capture sampled without the profiler: no walk, counted. */
  recordSampled() {
    this.intervalCount++;
    this.intervalSampled++;
  }

  /** The captures since the last call, for a stats line; the count restarts. */
  take() {
    const out = { count: this.intervalCount, sampled: this.intervalSampled, startMs: Math.round(this.intervalMs * 10) / 10, skipped: this.intervalSkipped };
    this.intervalMs = 0;
    this.intervalCount = 0;
    this.intervalSampled = 0;
    this.intervalSkipped = 0;
    return out;
  }
}

/** The tool's stall a capture's start makes, as the block's analysis counts it (the tool's own time in the block). */
export const PROFILER_WALK = 'profiler heap walk';

/**
 * How long a capture's start held the app's thread, from its profile: V8 stamps the profile's start
 * before it walks the heap, and its first sample comes after (one sampling interval later at most).
 * Null when the profile has no sample.
 * @param {{startTime: number, timeDeltas?: number[], samples?: number[]}} profile @param {number} intervalUs
 */
export function startWalkMs(profile, intervalUs) {
  if (!profile.samples?.length || !profile.timeDeltas?.length) return null;
  return Math.max(0, (profile.timeDeltas[0] - intervalUs) / 1000);
}
