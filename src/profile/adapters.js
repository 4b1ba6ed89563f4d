// How each external profiler is driven through its programmatic API, inside the runner. Each
// adapter starts the app (synchronously: the runner's spawn hook sees it at once) and resolves
// with the path of the HTML the profiler wrote. Working files go to `workDir` (the runner's cwd).

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {object} Job what the tool asks the runner to do
 * @property {import('./resolve.js').ProfilerTool} tool
 * @property {string} label
 * @property {string} module absolute path of the profiler's module
 * @property {string} script the app's entry file
 * @property {string[]} args the app's arguments
 * @property {string} cwd the app's working directory
 * @property {string} workDir profiler working files (inside the report folder, removed at the end)
 * @property {string} htmlPath where the profiler's HTML goes
 * @property {number} killAfterMs grace before SIGKILL when the app ignores the stop signal
 * @property {string} nodeOptions the user's own NODE_OPTIONS
 * @property {object} agent the agent's configuration, without parentPid and channel
 */

/**
 * @param {Job} job
 * @param {any} profiler the module: 0x's function, or clinic's tool class
 * @returns {Promise<string>}
 */
export function startProfiler(job, profiler) {
  if (job.tool === '0x') return run0x(job, profiler);
  return runClinic(job, profiler);
}

/** @param {Job} job @param {(args: object) => Promise<string>} zeroEks */
async function run0x(job, zeroEks) {
  const file = await zeroEks({
    argv: [job.script, ...job.args],
    pathToNodeBinary: process.execPath,
    workingDir: job.workDir,
    outputDir: path.join(job.workDir, '0x-data'),
    name: 'flamegraph',
    title: `node ${[path.basename(job.script), ...job.args].join(' ')}`,
  });
  if (!file) throw new Error('0x wrote no flame graph');
  return file.startsWith('file:') ? fileURLToPath(file) : file;
}

/** @param {Job} job @param {new (settings: object) => any} Tool */
function runClinic(job, Tool) {
  const tool = new Tool({ dest: path.join(job.workDir, 'clinic-data'), detectPort: false, debug: false });
  /** @type {string[]} */
  const nodeArgs = job.tool === 'flame'
    // 0x (under clinic flame) logs to the app's cwd; a later --logfile wins and keeps it in workDir
    ? [`--logfile=${path.join(job.workDir, '%p-v8.log')}`]
    // doctor and bubbleprof trace events: into workDir, where clinic looks for node_trace.*.log
    : [`--trace-event-file-pattern=${path.join(job.workDir, 'node_trace.${rotation}.log')}`];
  return new Promise((resolve, reject) => {
    tool.on('warning', (/** @type {string} */ message) => process.stderr.write(`${job.label}: ${message}\n`));
    tool.collect([process.execPath, ...nodeArgs, job.script, ...job.args], (/** @type {Error | null} */ error, /** @type {string} */ dataDir) => {
      if (error) return reject(error);
      const html = `${dataDir}.html`;
      tool.visualize(dataDir, html, (/** @type {Error | null} */ error2) => (error2 ? reject(error2) : resolve(html)));
    });
  });
}
