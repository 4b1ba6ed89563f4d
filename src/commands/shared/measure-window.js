// The measured window, shared by `run` and `attach`: the agent is told to start, load and probe
// run through the warm-up (if any) and --duration (or until Ctrl-C, or the target ends), and the
// agent is told to close the window.

import { setTimeout as sleep } from 'node:timers/promises';
import { startLoad } from '../../load/driver.js';
import { Probe } from '../../load/probe.js';
import { epochNow } from '../../agent/clock.cjs';

/**
 * What the window needs of a target: the agent's channel and the target's end.
 * @typedef {object} MeasuredTarget
 * @property {(command: {cmd: string}) => void} send
 * @property {(test: (m: import('../../launch/target.js').AgentMessage) => boolean, timeoutMs: number, abort?: AbortSignal) => Promise<import('../../launch/target.js').AgentMessage | null>} waitFor
 * @property {Promise<unknown>} exited
 * @property {unknown} exitInfo null while the target runs
 */

/**
 * @param {MeasuredTarget} child
 * @param {{origin: string | null, routes: string[], probePath: string | null, windowMs: number}} where
 *   origin: null when no port is known (then neither load nor probe)
 * @param {{load: boolean, connections: number, duration: number, warmup: number, rate?: number, method: string, body?: string,
 *   header: Record<string, string>, timeout: number, probeInterval: number, probeTimeout: number}} opts
 * @param {{stop: AbortSignal, kill: AbortSignal}} io
 * @param {import('./progress.js').Progress} progress
 * @param {() => void} [started] called once the agent has begun the window: what runs from then on is measured
 */
export async function measureWindow(child, where, opts, io, progress, started = () => {}) {
  const durationMs = opts.duration * 1000;
  const { origin, routes, windowMs } = where;
  // 'start' comes before any load: the agent drops the start-up part of its profile then, which
  // can hold a big app's loop for a while, and its counters restart after that.
  child.send({ cmd: 'start' });
  await child.waitFor((m) => m.type === 'started', 1000, io.stop);
  started();
  const warmupMs = opts.warmup * 1000;
  const loadStart = epochNow();
  const load = opts.load && origin ? startLoad({
    origin, routes, connections: opts.connections, durationS: opts.duration + opts.warmup, rate: opts.rate,
    method: opts.method, body: opts.body, headers: opts.header, timeoutS: opts.timeout, windowMs,
  }) : null;
  const probe = where.probePath && origin ? new Probe({ origin, path: where.probePath, intervalMs: opts.probeInterval, timeoutMs: opts.probeTimeout, windowMs }) : null;
  probe?.start();
  const stopped = () => io.stop.aborted || Boolean(child.exitInfo);
  if (warmupMs > 0) {
    // The warm-up: the JIT compiles the hot paths, pools fill. Measured, shown apart, not judged.
    progress.start('warm-up', warmupMs);
    await Promise.race([sleep(warmupMs, null, { signal: io.stop }).catch(() => null), child.exited]);
    progress.stop();
  }
  // An app that died (or a run stopped) during the warm-up: what the warm-up saw is all there is,
  // so it is reported as the window.
  const warmedUp = warmupMs > 0 && !stopped();
  const measureStart = warmedUp ? epochNow() : loadStart;
  if (warmedUp) {
    child.send({ cmd: 'window' });
    load?.stats.startWindow(measureStart);
    probe?.stats.startWindow(measureStart);
  }
  progress.start(load ? 'load' : 'observing', durationMs, () => (probe ? `probe ${probe.stats.requests} ok` : ''));
  if (!stopped()) await Promise.race([sleep(durationMs, null, { signal: io.stop }).catch(() => null), child.exited]);
  progress.stop();
  const measureEnd = epochNow();
  const stillRunningAtEnd = !child.exitInfo;
  child.send({ cmd: 'window-end' }); // the agent freezes the window's totals now
  load?.stop();
  // Probes already sent finish by their own timeout, unless a second Ctrl-C says hurry.
  const onKill = () => probe?.abort();
  if (io.kill.aborted) onKill();
  io.kill.addEventListener('abort', onKill, { once: true });
  await Promise.all([load?.done, probe?.stop()]);
  io.kill.removeEventListener('abort', onKill);
  const warmup = warmedUp ? { from: loadStart, to: measureStart } : null;
  return { load, probe, warmup, measureStart, measureEnd, stillRunningAtEnd };
}
