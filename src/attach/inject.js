// Starting the agent inside the app: one Runtime.evaluate that requires src/agent/attach.cjs by
// its absolute path with the `require` the inspector lends for that evaluation only, and calls
// attach(config) at once. The app must see the same files as we do (not another container).

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ProbeError, UsageError, EXIT } from '../errors.js';
import { CdpTimeout } from './cdp.js';

export const ATTACH_AGENT_PATH = fileURLToPath(new URL('../agent/attach.cjs', import.meta.url));

/**
 * Refuses a process that would not find our agent and data folder at our paths: one in another
 * mount namespace (a container seen from the host).
 * @param {number} pid
 */
export function checkSameFiles(pid) {
  let theirs;
  try {
    theirs = fs.statSync(`/proc/${pid}/root${ATTACH_AGENT_PATH}`);
  } catch {
    theirs = null;
  }
  const ours = fs.statSync(ATTACH_AGENT_PATH);
  if (!theirs || theirs.ino !== ours.ino || theirs.dev !== ours.dev) {
    throw new UsageError(`process ${pid} does not see this tool's files (it runs in another container or mount namespace)`, 'run eventloop-probe inside the app\'s container, e.g. docker exec -it <container> npx eventloop-probe attach <pid>');
  }
}

/**
 * @param {import('./cdp.js').Cdp} cdp
 * @param {object} config the agent's configuration
 * @param {number} timeoutMs
 * @returns {Promise<{ok: true, pid: number, nodeVersion: string, uptimeS: number} | {ok: false, reason: string}>}
 */
export async function injectAgent(cdp, config, timeoutMs) {
  const expression = `(function (r) { return r(${JSON.stringify(ATTACH_AGENT_PATH)}).attach(${JSON.stringify(config)}); })(require)`;
  let result;
  try {
    result = await cdp.send('Runtime.evaluate', { expression, includeCommandLineAPI: true, returnByValue: true, silent: true }, timeoutMs);
  } catch (error) {
    if (error instanceof CdpTimeout) {
      throw new ProbeError(`the app did not run the agent within ${timeoutMs / 1000} s: its main thread is stuck in a synchronous call (the agent detaches by itself if it starts later)`, EXIT.TARGET);
    }
    throw new ProbeError(`could not start the agent in the app: ${/** @type {Error} */ (error).message}`, EXIT.TARGET);
  }
  if (result?.exceptionDetails) {
    const detail = result.exceptionDetails.exception?.description ?? result.exceptionDetails.text;
    throw new ProbeError(`the agent failed to start in the app: ${String(detail).split('\n')[0]}`, EXIT.TARGET);
  }
  return result.result.value;
}
