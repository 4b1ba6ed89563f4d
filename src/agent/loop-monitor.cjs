'use strict';
// The heartbeat: an unref'ed interval timer whose lateness is the event-loop delay. Every beat
// records the delay (corrected for the beats a stall swallowed), the loop's busy time and CPU
// since the previous beat, and reports a block when the loop was busy past the threshold.
// It is the agent's only timer on the app's loop: every wake-up of an idle loop costs CPU (about
// 0.1 ms a wake on a small VM, measured by bench/overhead.js), so perf_hooks' own delay monitor,
// which would wake the loop as often again, is not used.

const { performance } = require('node:perf_hooks');
const { Histogram } = require('./histogram.cjs');
const { Timeline } = require('./timeline.cjs');
const { epochNow } = require('./clock.cjs');
const { schedstatReader } = require('./run-wait.cjs');

// libuv's own counters (Node >= 20.18 / 22.8): loop turns and the I/O events they handled.
const uvMetrics = () => {
  const m = /** @type {any} */ (performance.nodeTiming).uvMetricsInfo;
  return m ? { loopCount: m.loopCount, events: m.events } : null;
};
// The thread's schedstat (a /proc read, the costliest part of a beat: about 60 µs on a small VM,
// measured in the agent) is read at a beat that may need it: a block, a late beat (its lag less the
// wait for a CPU), a thread that waited for a CPU at the last reading, a beat after which the loop
// would have been busy more than UNREAD_SHARE of the threshold since the last reading, and at least
// every READ_EVERY beats.
const PUNCTUAL_MS = 1;
// A block's run time counts from the last reading, so it includes what the thread ran in the beats
// left unread before it: at most this share of the threshold, too little to make a synchronous wait
// (a block that ran under a fifth of its time) look like running code. Busy time as libuv counts it
// is never less than the run time; a sampling profiler on the thread inflates it (see capElu), which
// only makes beats read sooner.
const UNREAD_SHARE = 0.1;
// an idle beat: the loop was busy less than this since the previous one
const IDLE_ACTIVE_MS = 1;
const CONTENDED_WAIT_MS = 0.5;
const READ_EVERY = 10;
// a wait read after a longer gap (a process stopped, a clock step) is not spread over the timeline
const MAX_WAIT_SPREAD_MS = 60_000;
// what the loop's busy time may exceed its thread's time before it is capped (see release())
const CAP_SLACK_MS = 1;
// for the bench (EVENTLOOP_PROBE_OFF=schedskip): the rule before, every beat but a production agent's idle ones
const READ_ALWAYS = String(process.env.EVENTLOOP_PROBE_OFF ?? '').split(',').includes('schedskip');
/** Epoch ms of the loop's first turn, or null while the main module still runs. */
const loopStartedAt = () => {
  const t = performance.nodeTiming.loopStart;
  return t >= 0 ? performance.timeOrigin + t : null;
};

class LoopMonitor {
  /**
   * @param {{resolutionMs: number, thresholdMs: number, windowMs: number, timeline?: boolean, capElu?: boolean}} options timeline: false
   *   keeps no timeline (the production agent, which writes none: it would grow for ever) and reads no CPU per beat;
   *   capElu: V8's sampling profiler runs on this thread, so the loop's busy time is capped by its thread's (see release())
   * @param {(block: {t: number, durationMs: number, delayMs: number, waitMs?: number, runMs?: number}) => void} onBlock
   *   waitMs: how long the loop's thread waited for a CPU meanwhile; runMs: how long it ran on one
   * @param {(now: number, sched: {runMs: number, waitMs: number} | null) => void} [onBeat] sched: the
   *   thread's time on a CPU and waiting for one so far
   * @param {(startup: {t: number, durationMs: number, loopAt: number | null}) => void} [onStartup] the
   *   start-up, once: from the agent's start to the loop's first turn (loopAt null: it never turned)
   */
  constructor(options, onBlock, onBeat, onStartup) {
    this.onBeat = onBeat;
    this.onStartup = onStartup;
    this.createdAt = epochNow();
    // The agent starts before the main module runs (a preload), and the loop turns only after it:
    // a callback cannot wait on a loop that is not running yet, so that start-up is neither lag nor
    // a block. It is reported once, apart, and the counters start at the loop's first turn.
    this.looping = loopStartedAt() !== null;
    this.resolutionMs = options.resolutionMs;
    this.thresholdMs = options.thresholdMs;
    this.onBlock = onBlock;
    this.timeline = new Timeline(options.windowMs);
    this.keepTimeline = options.timeline !== false;
    // While V8's CPU profiler samples the thread, each of its signals interrupts the loop's wait
    // for events, and libuv (Node 20, 22, 24) counts the wait only from its restart: an idle loop
    // reads 50-85% busy. The beats' busy time is then held until the thread's schedstat is read,
    // and capped by the time the thread ran or waited for a CPU meanwhile.
    this.capElu = Boolean(options.capElu) && this.keepTimeline;
    /** @type {{from: number, to: number, activeMs: number, dueAt: number}[]} beats not on the timeline yet */
    this.held = [];
    this.heldBlock = false;
    // the blocks' busy time in the measured window (a block may be a synchronous wait: not run time)
    this.blockMs = 0;
    /** @type {NodeJS.Timeout | null} */
    this.timer = null;
    /** @type {NodeJS.Timeout | undefined} the beat at the loop's first turn (start()) */
    this.firstTurn = undefined;
    this.stopped = false;
    // the loop thread's schedstat, open for the monitor's life: close() closes it
    this.schedstat = schedstatReader();
    this.sched = () => this.schedstat.read();
    this.runWait = () => this.sched()?.waitMs ?? null;
    /** @type {number | null} */
    this.lastRun = null;
    // beats since the schedstat was last read (see beat()), and the loop's busy time in them
    this.unread = 0;
    this.unreadActive = 0;
    // the thread waited for a CPU between the last two readings
    this.contended = true;
    // the previous beat's readings (reset(true) takes them now)
    this.lastBeat = 0;
    this.lastElu = performance.eventLoopUtilization();
    this.lastCpu = process.cpuUsage();
    // when lastCpu was read (epoch ms): the process's CPU is read once a timeline window
    this.cpuAt = 0;
    /** @type {number | null} */
    this.lastWait = null;
    // when lastWait was read (epoch ms; 0: not yet)
    this.readAt = 0;
    // the measured window's counters (reset() starts them)
    this.lag = new Histogram();
    this.ownLag = new Histogram();
    this.measureStart = 0;
    this.eluStart = this.lastElu;
    this.cpuStart = this.lastCpu;
    /** @type {{loopCount: number, events: number} | null} */
    this.uvStart = null;
    /** @type {number | null} */
    this.waitStart = null;
    /** @type {number | null} */
    this.runStart = null;
    this.reset(true);
  }

  /**
   * Starts a new measured window: counters restart, the timeline and blocks keep flowing.
   * @param {boolean} [rebase] also start the next beat's interval now (what happened before, such
   *   as the tool's own preparation, is not measured)
   */
  reset(rebase = false) {
    // a command (the run's 'start') that comes before the first beat after the loop turned
    if (!this.looping && loopStartedAt() !== null) this.endStartup(epochNow());
    this.waitStart = this.runWait();
    this.runStart = this.sched()?.runMs ?? null;
    if (rebase) {
      this.lastRun = this.sched()?.runMs ?? null;
      this.lastBeat = epochNow();
      this.lastElu = performance.eventLoopUtilization();
      this.lastCpu = process.cpuUsage();
      this.cpuAt = this.lastBeat;
      this.lastWait = this.waitStart;
      this.readAt = this.lastBeat;
      this.unread = 0;
      this.unreadActive = 0;
    }
    this.blockMs = 0;
    this.lag = new Histogram();
    // the same delay less the time the thread waited for a CPU: the part the app's own work caused
    this.ownLag = new Histogram();
    this.measureStart = epochNow();
    this.eluStart = performance.eventLoopUtilization();
    this.cpuStart = process.cpuUsage();
    this.uvStart = uvMetrics();
  }

  /**
   * The start-up is over (the loop has turned, or the process ends without a turn): reported once.
   * @param {number} now epoch ms @returns {number | null} epoch ms of the loop's first turn
   */
  endStartup(now) {
    const loopAt = loopStartedAt();
    this.looping = true;
    this.onStartup?.({ t: this.createdAt, durationMs: Math.max(0, (loopAt ?? now) - this.createdAt), loopAt });
    return loopAt;
  }

  start() {
    this.timer = setInterval(() => this.beat(), this.resolutionMs);
    this.timer.unref();
    // Started before the main module runs (a preload): a beat at the loop's first turn too, before
    // anything the app scheduled runs in it. A block in that turn then counts its run and wait from
    // there, not from the agent's start (they would hold the main module's, and a block of a crowded
    // start-up would read as the machine's). A main module shorter than a beat leaves the
    // heartbeat's first beat due after that turn.
    if (!this.looping) this.firstTurn = setTimeout(() => { if (!this.looping && !this.stopped) this.beat(); }, 0).unref();
  }

  /** The last beat, once: what the agent does after it (its own exit work) is not the app's. */
  stop() {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    clearTimeout(this.firstTurn);
    this.timer = null;
    this.beat();
  }

  /** Releases what the monitor holds open (after its last summary). */
  close() {
    this.schedstat.close();
  }

  beat() {
    const now = epochNow();
    const from = this.lastBeat;
    const gap = now - from;
    let delay = Math.max(0, gap - this.resolutionMs);
    const elu = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(elu, this.lastElu);
    // the process's CPU (a getrusage call) at the first beat of each timeline window and at the
    // last beat, spread over the time since the last reading
    const W = this.timeline.windowMs;
    const crossing = Math.floor(now / W) !== Math.floor(this.cpuAt / W);
    const readCpu = this.keepTimeline && (!this.looping || this.stopped || crossing);
    const cpu = readCpu ? process.cpuUsage() : this.lastCpu;
    const cpuMs = (cpu.user - this.lastCpu.user + cpu.system - this.lastCpu.system) / 1000;
    const cpuFrom = this.cpuAt;
    // A punctual beat of a thread that got a CPU when it wanted one, with little busy time since the
    // last reading, leaves the schedstat unread: its lag less the wait would differ from its lag by
    // under PUNCTUAL_MS. A block's run and wait are then counted from the last reading.
    const skip = READ_ALWAYS ? !this.keepTimeline && busy.active < IDLE_ACTIVE_MS && this.unread < READ_EVERY && this.lastRun !== null
      : this.looping && delay < PUNCTUAL_MS && this.unreadActive + busy.active <= this.thresholdMs * UNREAD_SHARE && !this.contended
        && this.unread < READ_EVERY && this.lastRun !== null && !(this.capElu && (crossing || this.stopped));
    const sched = skip ? null : this.sched();
    this.lastBeat = now;
    if (skip) {
      this.unread++;
      this.unreadActive += busy.active;
    }
    // the watchdog's view of the thread's run time: the estimate between readings
    this.onBeat?.(now, sched ?? (this.lastRun !== null && this.lastWait !== null ? { runMs: this.lastRun + this.unreadActive, waitMs: this.lastWait } : null));
    this.lastElu = elu;
    if (readCpu) {
      this.lastCpu = cpu;
      this.cpuAt = now;
    }
    const wait = sched?.waitMs ?? null;
    const waitMs = wait !== null && this.lastWait !== null ? wait - this.lastWait : null;
    // the thread's time on a CPU or waiting for one since the last reading
    const threadMs = sched && waitMs !== null && this.lastRun !== null ? sched.runMs - this.lastRun + waitMs : null;
    const runMs = sched && this.lastRun !== null ? sched.runMs - this.lastRun : null;
    if (!skip) {
      // the wait since the last reading, on the timeline (a probe's latency is judged without it)
      if (this.keepTimeline && waitMs !== null && this.readAt > 0 && now - this.readAt <= MAX_WAIT_SPREAD_MS) this.timeline.addWait(this.readAt, now, Math.max(0, waitMs));
      this.readAt = now;
      this.contended = waitMs === null || waitMs > CONTENDED_WAIT_MS;
      this.unread = 0;
      this.unreadActive = 0;
      this.lastWait = wait;
      this.lastRun = sched?.runMs ?? null;
    }

    // Before the loop starts (a long synchronous main module) ELU reads zero: trust the gap.
    let activeMs = busy.active > 0 ? Math.min(gap, busy.active) : gap;
    if (!this.looping) {
      const loopAt = this.endStartup(now);
      // the start-up was busy on the timeline; the window's lag and blocks begin at the first turn
      if (this.keepTimeline) {
        this.timeline.add(from, now, { activeMs: Math.min(gap, Math.max(0, (loopAt ?? now) - from) + busy.active), dueAt: from + this.resolutionMs });
        this.timeline.addCpu(cpuFrom, now, cpuMs);
      }
      if (loopAt === null) return; // the process ends before its loop ever turned: start-up only
      this.reset(false);
      this.measureStart = loopAt;
      delay = Math.max(0, now - Math.max(from + this.resolutionMs, loopAt));
      activeMs = Math.min(gap, busy.active);
    } else if (this.keepTimeline) {
      if (!this.capElu) this.timeline.add(from, now, { activeMs, dueAt: from + this.resolutionMs });
      else {
        this.held.push({ from, to: now, activeMs, dueAt: from + this.resolutionMs });
        if (activeMs >= this.thresholdMs) this.heldBlock = true;
        if (!skip) this.release(threadMs);
      }
      if (readCpu) this.timeline.addCpu(cpuFrom, now, cpuMs);
    }
    this.lag.recordCorrected(delay, this.resolutionMs);
    this.ownLag.recordCorrected(Math.max(0, delay - (waitMs ?? 0)), this.resolutionMs);
    if (activeMs >= this.thresholdMs) {
      this.blockMs += activeMs;
      const r2 = (/** @type {number} */ v) => Math.round(v * 100) / 100;
      this.onBlock({ t: now - activeMs, durationMs: activeMs, delayMs: delay, ...(waitMs !== null ? { waitMs: r2(waitMs) } : {}), ...(runMs !== null ? { runMs: r2(runMs) } : {}) });
    }
  }

  /**
   * The held beats go on the timeline, their busy time capped by the thread's time on a CPU or
   * waiting for one in them (the loop is busy only while its thread runs or waits to, but for a
   * synchronous wait: a block's beat, which keeps its own).
   * @param {number | null} threadMs null: unknown (no schedstat), nothing capped
   */
  release(threadMs) {
    const active = this.held.reduce((sum, b) => sum + b.activeMs, 0);
    const share = this.heldBlock || threadMs === null || active <= threadMs + CAP_SLACK_MS ? 1 : Math.max(0, threadMs + CAP_SLACK_MS) / active;
    for (const b of this.held) this.timeline.add(b.from, b.to, { activeMs: b.activeMs * share, dueAt: b.dueAt });
    this.held = [];
    this.heldBlock = false;
  }

  /**
   * Totals of the measured window so far.
   * @param {boolean} [profiled] a sampling profiler ran on this thread in the window (one not the
   *   monitor's own): the loop's busy time is capped as with capElu, and libuv's own figure kept beside
   */
  summary(profiled = false) {
    const now = epochNow();
    const elu = performance.eventLoopUtilization(performance.eventLoopUtilization(), this.eluStart);
    const cpu = process.cpuUsage(this.cpuStart);
    const uv = uvMetrics();
    const sched = this.sched();
    const wait = sched?.waitMs ?? null;
    let { active, idle } = elu;
    // with the profiler on, no more busy than the thread ran or waited for a CPU, blocks aside (see release())
    const threadMs = (this.capElu || profiled) && sched && this.runStart !== null && this.waitStart !== null
      ? sched.runMs - this.runStart + (sched.waitMs - this.waitStart) + this.blockMs : null;
    if (threadMs !== null && active > threadMs + CAP_SLACK_MS) {
      idle += active - threadMs;
      active = threadMs;
    }
    return {
      measureStart: this.measureStart,
      measureEnd: now,
      resolutionMs: this.resolutionMs,
      lag: this.lag.toJSON(),
      ownLag: wait !== null ? this.ownLag.toJSON() : null,
      elu: { utilization: active + idle > 0 ? active / (active + idle) : elu.utilization, activeMs: active, idleMs: idle, ...(profiled ? { libuv: elu.utilization } : {}) },
      cpu: { userMs: cpu.user / 1000, systemMs: cpu.system / 1000 },
      runWaitMs: wait !== null && this.waitStart !== null ? wait - this.waitStart : null,
      // the loop's own thread on a CPU: the rest of the process's CPU is its other threads'
      threadRunMs: sched && this.runStart !== null ? sched.runMs - this.runStart : null,
      uv: uv && this.uvStart ? { turns: uv.loopCount - this.uvStart.loopCount, events: uv.events - this.uvStart.events } : null,
    };
  }
}

module.exports = { LoopMonitor, epochNow };
