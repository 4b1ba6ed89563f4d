// The one-line description of a run (what was started, how long, what load), for the Markdown
// and HTML renderers.

/** @param {Pick<import('../../types/report.js').Report, 'target' | 'run'>} report */
export function runLine(report) {
  const t = report.target ?? {};
  const s = report.run?.settings ?? {};
  const mode = report.run?.mode;
  const what = mode === 'load'
    ? `${s.connections} connections on ${(s.routes ?? []).join(', ')}${s.rate ? ` at ${s.rate} req/s` : ''}, probe ${s.probe ?? 'off'}`
    : mode === 'observe' ? `observing port ${t.port}, no load` : mode === 'log' ? `from the production log ${s.log ?? ''}` : 'script, no server';
  const seconds = ((report.run?.durationMs ?? 0) / 1000).toFixed(1);
  return `${t.script} · node ${t.nodeVersion} · pid ${t.pid} · ${seconds} s · ${what}`;
}
