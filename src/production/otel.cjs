'use strict';
// OpenTelemetry, when the app runs it: the loop's figures as metrics under the Node.js runtime
// semantic conventions (nodejs.eventloop.delay.* in seconds, nodejs.eventloop.utilization), and
// each block as a log record (when @opentelemetry/api-logs is there too), so the collector the app
// already exports to carries them. No exporter of ours: without providers registered by the app,
// the API's no-op meter and logger take everything and do nothing.

const path = require('node:path');

/**
 * The app's copy of a package (resolved from where the app runs), or null.
 * @param {string} name
 */
function appRequire(name) {
  const paths = [process.cwd(), require.main?.path].filter((p) => typeof p === 'string');
  try {
    return require(require.resolve(name, { paths: /** @type {string[]} */ (paths) }));
  } catch {
    return null;
  }
}

/**
 * @param {string} loop "main" or "thread:<id>"
 * @returns {{stats: (summary: any) => void, block: (line: any) => void, stop: () => void} | null}
 */
function startOtel(loop) {
  const api = appRequire('@opentelemetry/api');
  if (!api?.metrics) return null;
  const logsApi = appRequire('@opentelemetry/api-logs');
  const meter = api.metrics.getMeter('eventloop-probe', require(path.join(__dirname, '..', '..', 'package.json')).version);
  const attrs = { 'nodejs.eventloop': loop };
  /** @type {any} */
  let last = null;
  const delay = /** @type {Record<string, any>} */ ({});
  for (const p of ['min', 'max', 'mean', 'p50', 'p90', 'p99']) {
    delay[p] = meter.createObservableGauge(`nodejs.eventloop.delay.${p}`, { unit: 's', description: `Event loop ${p} delay.` });
  }
  const utilization = meter.createObservableGauge('nodejs.eventloop.utilization', { unit: '1', description: 'Event loop utilization.' });
  const blocks = meter.createCounter('eventloop_probe.blocks', { unit: '{block}', description: 'Blocks of the event loop at least the threshold long.' });
  const blockTime = meter.createHistogram('eventloop_probe.block.duration', { unit: 's', description: 'How long each block held the event loop.' });
  const observe = (/** @type {any} */ result) => {
    if (!last) return;
    const { Histogram } = require('../agent/histogram.cjs');
    const h = Histogram.fromJSON(last.lag);
    const values = { min: h.count ? h.min : 0, max: h.max, mean: h.mean(), p50: h.percentile(50), p90: h.percentile(90), p99: h.percentile(99) };
    for (const [p, g] of Object.entries(delay)) result.observe(g, values[/** @type {keyof typeof values} */ (p)] / 1000, attrs);
    result.observe(utilization, last.elu?.utilization ?? 0, attrs);
  };
  meter.addBatchObservableCallback(observe, [...Object.values(delay), utilization]);
  const logger = logsApi?.logs?.getLogger('eventloop-probe') ?? null;
  return {
    stats(summary) { last = summary; },
    block(line) {
      blocks.add(1, { ...attrs, 'eventloop_probe.fix': line.fix ?? 'none' });
      blockTime.record(line.durationMs / 1000, attrs);
      logger?.emit({
        severityText: 'WARN', body: line.advice ?? line.note ?? `event loop blocked ${line.durationMs} ms`,
        attributes: {
          ...attrs, 'eventloop_probe.duration_ms': line.durationMs, 'eventloop_probe.culprit': line.culprit?.label ?? '',
          'eventloop_probe.fix': line.fix ?? '', 'eventloop_probe.request': line.request ?? '', 'code.filepath': line.culprit?.calledFrom?.file ?? '',
          'code.lineno': line.culprit?.calledFrom?.line ?? 0, 'eventloop_probe.held_by': line.heldBy ?? 'app',
        },
      });
    },
    stop() {
      try {
        meter.removeBatchObservableCallback(observe, [...Object.values(delay), utilization]);
      } catch {
        // an older API: its callbacks go with the meter
      }
    },
  };
}

module.exports = { startOtel };
