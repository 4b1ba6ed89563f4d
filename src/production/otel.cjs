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
 * The loop's instruments on one meter: its gauges observed from the last stats summary.
 * @param {any} meter @param {Record<string, string>} attrs @param {() => any} last the last summary
 */
function instruments(meter, attrs, last) {
  const delay = /** @type {Record<string, any>} */ ({});
  for (const p of ['min', 'max', 'mean', 'p50', 'p90', 'p99']) {
    delay[p] = meter.createObservableGauge(`nodejs.eventloop.delay.${p}`, { unit: 's', description: `Event loop ${p} delay.` });
  }
  const utilization = meter.createObservableGauge('nodejs.eventloop.utilization', { unit: '1', description: 'Event loop utilization.' });
  const observed = [...Object.values(delay), utilization];
  const observe = (/** @type {any} */ result) => {
    const summary = last();
    if (!summary) return;
    const { Histogram } = require('../agent/histogram.cjs');
    const h = Histogram.fromJSON(summary.lag);
    const values = { min: h.count ? h.min : 0, max: h.max, mean: h.mean(), p50: h.percentile(50), p90: h.percentile(90), p99: h.percentile(99) };
    for (const [p, g] of Object.entries(delay)) result.observe(g, values[/** @type {keyof typeof values} */ (p)] / 1000, attrs);
    result.observe(utilization, summary.elu?.utilization ?? 0, attrs);
  };
  meter.addBatchObservableCallback(observe, observed);
  return {
    blocks: meter.createCounter('eventloop_probe.blocks', { unit: '{block}', description: 'Blocks of the event loop at least the threshold long.' }),
    blockTime: meter.createHistogram('eventloop_probe.block.duration', { unit: 's', description: 'How long each block held the event loop.' }),
    remove() {
      try {
        meter.removeBatchObservableCallback(observe, observed);
      } catch {
        // an older API: its callbacks go with the meter
      }
    },
  };
}

/**
 * What is made from the provider registered now, made again when another is registered.
 * @template T @param {() => any} registered @param {(provider: any) => T} make
 * @returns {() => T}
 */
function following(registered, make) {
  /** @type {any} */
  let provider = null;
  /** @type {T | null} */
  let made = null;
  return () => {
    const now = registered();
    if (now !== provider || made === null) {
      made = make(now);
      provider = now;
    }
    return made;
  };
}

/**
 * The agent starts before the app's own code (`--require`), so before the app registers its
 * providers, and the API hands out no-op meters and loggers until then (a logger proxy of our copy
 * of the API does not follow a provider registered through the app's SDK's own copy): what is
 * made from them is made again on the providers registered now whenever they changed (at start,
 * once the app's first turn has run, at each stats line and each block).
 * @param {string} loop "main" or "thread:<id>"
 * @returns {{stats: (summary: any) => void, block: (line: any) => void, stop: () => void} | null}
 */
function startOtel(loop) {
  const api = appRequire('@opentelemetry/api');
  if (!api?.metrics) return null;
  const logsApi = appRequire('@opentelemetry/api-logs');
  const version = require(path.join(__dirname, '..', '..', 'package.json')).version;
  const attrs = { 'nodejs.eventloop': loop };
  /** @type {any} */
  let last = null;
  /** @type {ReturnType<typeof instruments> | null} */
  let current = null;
  // the instruments in use (those of an earlier provider are removed)
  const meter = following(() => api.metrics.getMeterProvider(), (provider) => {
    current?.remove();
    current = instruments(provider.getMeter('eventloop-probe', version), attrs, () => last);
    return current;
  });
  const logs = logsApi?.logs;
  const logger = typeof logs?.getLoggerProvider === 'function'
    ? following(() => logs.getLoggerProvider(), (provider) => provider.getLogger('eventloop-probe', version))
    : () => logs?.getLogger('eventloop-probe', version) ?? null;
  quietly(meter);
  const afterStart = setTimeout(() => quietly(meter), 0);
  afterStart.unref();
  return {
    stats(summary) {
      last = summary;
      quietly(meter);
    },
    block(line) {
      quietly(() => publish(line));
    },
    stop() {
      clearTimeout(afterStart);
      current?.remove();
      current = null;
    },
  };

  /** @param {any} line a block line */
  function publish(line) {
    const { blocks, blockTime } = meter();
    blocks.add(1, { ...attrs, 'eventloop_probe.fix': line.fix ?? 'none' });
    blockTime.record(line.durationMs / 1000, attrs);
    const file = line.culprit?.calledFrom?.file ?? '';
    const lineno = line.culprit?.calledFrom?.line ?? 0;
    logger()?.emit({
      severityText: 'WARN', body: line.advice ?? line.note ?? `event loop blocked ${line.durationMs} ms`,
      attributes: {
        ...attrs, 'eventloop_probe.duration_ms': line.durationMs, 'eventloop_probe.culprit': line.culprit?.label ?? '',
        'eventloop_probe.fix': line.fix ?? '', 'eventloop_probe.request': line.request ?? '', 'eventloop_probe.held_by': line.heldBy ?? 'app',
        // the app's line that ran it, by the stable code attributes (semantic conventions 1.33)
        // and by their older names, which collectors set up before then still read
        'code.function.name': line.culprit?.function ?? '', 'code.file.path': file, 'code.line.number': lineno,
        'code.filepath': file, 'code.lineno': lineno,
      },
    });
  }
}

/** Runs `fn`; what the app's telemetry throws never reaches the app. @param {() => unknown} fn */
function quietly(fn) {
  try {
    fn();
  } catch {
    // the app's providers refused: its telemetry goes without this
  }
}

module.exports = { startOtel };
