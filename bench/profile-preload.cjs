// Preloaded by bench/report-size.js (through NODE_OPTIONS, which refuses --cpu-prof): records a CPU
// profile of the main thread through the inspector, as the agent is to do, and writes it with its
// wall-clock start to PROFILE_DIR when SIGTERM arrives.
const { isMainThread } = require('node:worker_threads');
const dir = process.env.PROFILE_DIR;
if (isMainThread && dir) {
  const fs = require('node:fs');
  const path = require('node:path');
  const session = new (require('node:inspector').Session)();
  session.connect();
  let startEpochMs = 0;
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start', () => { startEpochMs = Date.now(); });
  process.on('SIGTERM', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) {
        fs.writeFileSync(path.join(dir, 'profile.cpuprofile'), JSON.stringify(result.profile));
        fs.writeFileSync(path.join(dir, 'profile-meta.json'), JSON.stringify({ startEpochMs }));
      }
      session.disconnect();
      process.exit(0);
    });
  });
}
