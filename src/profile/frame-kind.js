// Which kind of code a stack frame belongs to, for colours and for telling the user's code apart:
// app | node_modules | node (internals) | native (V8 builtins, C++) | gc.

/** @typedef {'app' | 'node_modules' | 'node' | 'native' | 'gc'} FrameKind */

export const KINDS = /** @type {const} */ (['app', 'node_modules', 'node', 'native', 'gc']);

/** @param {{functionName?: string, url?: string, kind?: string}} frame @returns {FrameKind} */
export function frameKind(frame) {
  if (frame.kind && /** @type {readonly string[]} */ (KINDS).includes(frame.kind)) return /** @type {FrameKind} */ (frame.kind);
  const url = frame.url ?? '';
  if (frame.functionName === '(garbage collector)') return 'gc';
  if (!url) return 'native';
  if (url.startsWith('node:') || /^internal[\\/]/.test(url)) return 'node';
  if (/[\\/]node_modules[\\/]/.test(url)) return 'node_modules';
  return 'app';
}

/** A path without the file:// prefix, for display. @param {string | undefined} url */
export function displayUrl(url) {
  if (!url) return '';
  return url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
}
