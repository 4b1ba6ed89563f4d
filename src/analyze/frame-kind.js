// Which kind of code a stack frame belongs to, for colours and for telling the user's code apart:
// app | node_modules | node (internals) | native (V8 builtins, C++) | gc.

import { fileURLToPath } from 'node:url';

/** @typedef {'app' | 'node_modules' | 'node' | 'native' | 'gc'} FrameKind */

// Our own agent runs inside the app: its frames count as a dependency's, never as the app's.
export const AGENT_DIR = fileURLToPath(new URL('../agent/', import.meta.url));
// the production agent's code (register, monitor) runs on the app's thread too
const PRODUCTION_DIR = fileURLToPath(new URL('../production/', import.meta.url));

/** Code of our own that runs inside the app. @param {string} url */
export function isAgentUrl(url) {
  return url.startsWith(AGENT_DIR) || url.startsWith(PRODUCTION_DIR);
}

export const KINDS = /** @type {const} */ (['app', 'node_modules', 'node', 'native', 'gc']);

/** @param {{functionName?: string, url?: string, kind?: string}} frame @returns {FrameKind} */
export function frameKind(frame) {
  if (frame.kind && /** @type {readonly string[]} */ (KINDS).includes(frame.kind)) return /** @type {FrameKind} */ (frame.kind);
  const url = frame.url ?? '';
  if (frame.functionName === '(garbage collector)') return 'gc';
  // compiled WebAssembly (a package's: sql.js, hash-wasm) is machine code as an addon's is; its time is the
  // JavaScript's that called into it
  if (!url || url.startsWith('wasm://')) return 'native';
  if (url.startsWith('node:') || /^internal[\\/]/.test(url)) return 'node';
  if (/[\\/]node_modules[\\/]/.test(url) || isAgentUrl(url)) return 'node_modules';
  return 'app';
}

/** A path without the file:// prefix, for display. @param {string | undefined} url */
export function displayUrl(url) {
  if (!url) return '';
  return url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
}
