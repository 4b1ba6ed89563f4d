'use strict';
// What the request meter costs the app's thread per request, its own code and Node's publishing of
// the two diagnostics-channel messages, measured in one process with no server: requests start and
// finish through the same channels Node publishes on, five in flight, 1 in 2 followed (the production
// agent at 4000 req/s). With `--polls`, a long poll starts every 300 requests and answers 3000 later, so
// some requests stay open while thousands finish: a stream or a long poll in a real service. The meter
// of another commit runs beside this one's, in alternating child processes, for a side-by-side figure.
//
//   node bench/meter-finish.cjs                       # this checkout's meter, 8 rounds of each shape
//   node bench/meter-finish.cjs --against <commit>    # and the meter of <commit>, alternating
//   node bench/meter-finish.cjs --rounds 12

const { spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');

const HERE = path.join(__dirname, '..', 'src', 'agent', 'request-meter.cjs');
const REQUESTS = 20_000;

if (process.env.METER_CHILD) {
  child(process.env.METER_CHILD, process.env.METER_POLLS === '1');
} else {
  main();
}

function main() {
  const { values } = parseArgs({ options: { against: { type: 'string' }, rounds: { type: 'string', default: '8' } } });
  const rounds = Number(values.rounds);
  /** @type {Record<string, string>} */
  const meters = { [values.against ? 'this checkout' : 'meter']: HERE };
  let dir = null;
  if (values.against) {
    // the other commit's meter beside this checkout's histogram (the meter's only import)
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-meter-finish-'));
    const text = execFileSync('git', ['show', `${values.against}:src/agent/request-meter.cjs`], { cwd: path.join(__dirname, '..'), encoding: 'utf8' });
    const file = path.join(dir, 'request-meter.cjs');
    fs.writeFileSync(file, text.replace("require('./histogram.cjs')", `require(${JSON.stringify(path.join(path.dirname(HERE), 'histogram.cjs'))})`));
    meters[values.against] = file;
  }
  try {
    /** @type {Record<string, number[]>} */
    const results = {};
    for (let r = 0; r < rounds; r++) {
      for (const polls of [false, true]) {
        for (const [name, file] of Object.entries(meters)) {
          const out = spawnSync(process.execPath, [__filename], { env: { ...process.env, METER_CHILD: file, METER_POLLS: polls ? '1' : '0' }, encoding: 'utf8' });
          if (out.status !== 0) throw new Error(`the child failed: ${out.stderr.trim().split('\n')[0]}`);
          const key = `${name}, ${polls ? 'long polls open' : 'short requests only'}`;
          (results[key] ??= []).push(Number(out.stdout));
        }
      }
    }
    console.log(`the request meter per request (ns, its code and Node's two channel messages), ${rounds} rounds of ${REQUESTS} requests, median (min..max); node ${process.version}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
    for (const [key, list] of Object.entries(results)) {
      list.sort((a, b) => a - b);
      console.log(`  ${key.padEnd(44)} ${list[Math.floor(list.length / 2)].toFixed(0)} (${list[0].toFixed(0)}..${list[list.length - 1].toFixed(0)})`);
    }
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One round in a fresh process: warm-up, then the median of 9 passes, printed in ns per request. @param {string} file @param {boolean} polls */
function child(file, polls) {
  const dc = require('node:diagnostics_channel');
  const { RequestMeter } = require(file);
  const meter = new RequestMeter(() => {}, { perS: 2000 });
  meter.every = 2;
  const start = dc.channel('http.server.request.start');
  const finish = dc.channel('http.server.response.finish');
  const response = { statusCode: 200 };
  let n = 0;
  /** @type {[number, object][]} */
  const open = [];
  const pass = () => {
    /** @type {object[]} */
    const inFlight = [];
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < REQUESTS; i++, n++) {
      const request = { method: 'GET', url: `/items/${n & 63}` };
      start.publish({ request, response });
      inFlight.push(request);
      if (inFlight.length > 5) finish.publish({ request: inFlight.shift(), response });
      if (polls && n % 300 === 0) {
        const poll = { method: 'GET', url: '/poll' };
        start.publish({ request: poll, response });
        open.push([n + 3000, poll]);
      }
      while (open.length && open[0][0] <= n) finish.publish({ request: /** @type {[number, object]} */ (open.shift())[1], response });
    }
    for (const request of inFlight) finish.publish({ request, response });
    return Number(process.hrtime.bigint() - t0) / REQUESTS;
  };
  for (let k = 0; k < 3; k++) pass();
  const times = Array.from({ length: 9 }, pass).sort((a, b) => a - b);
  meter.stop();
  process.stdout.write(String(times[4]));
}
