// How much time each sample of a V8 CPU profile stands for: the one rule behind every call site,
// top frame and flame graph we show. Pure.
//
// A sample stands for the time until the next one. But V8 takes a sample on a signal, and a
// thread stuck in a system call or a long native function (a 200 MB read, a sync spawn) takes it
// only when that call returns: the sample that ENDS a long gap shows what held the thread during
// it. Measured on Node 20/22/24: the gaps of a readFileSync run end with `read` (readSync) while
// the samples before them are GC, a request parser, anything. So a gap longer than a few intervals
// keeps one interval for the sample before it and gives the rest to the sample after it.

/** A gap longer than this many intervals is time the profiler could not sample. */
export const GAP_INTERVALS = 3;

/**
 * The time span [from, to] (same unit as `times`) each sample stands for. Spans are contiguous and
 * do not overlap; together they cover the first sample to the profile's end.
 * @param {ArrayLike<number>} times sample times, ascending
 * @param {number} interval the sampling interval, same unit
 * @param {number} end the profile's end time, same unit
 * @returns {{from: Float64Array, to: Float64Array}}
 */
export function sampleSpans(times, interval, end) {
  const n = times.length;
  const from = new Float64Array(n);
  const to = new Float64Array(n);
  const gap = interval * GAP_INTERVALS;
  let start = n ? times[0] : 0;
  for (let i = 0; i < n; i++) {
    from[i] = Math.min(start, times[i]);
    const next = i + 1 < n ? times[i + 1] : Math.max(times[i], Math.min(end, times[i] + interval));
    to[i] = next - times[i] > gap ? times[i] + interval : next;
    start = to[i];
  }
  return { from, to };
}
