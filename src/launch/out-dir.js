// The report folder: created up front so a bad --out fails before the target starts.

import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';

/** @param {Date} d */
export function timestamp(d) {
  const p = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/**
 * @param {string | undefined} out the user's --out
 * @param {string} name a short name for the default folder
 * @param {string} cwd
 * @returns {string} absolute path of an existing, writable folder
 */
export function prepareOutDir(out, name, cwd) {
  let dir = out ? path.resolve(cwd, out) : path.join(cwd, 'reports', `${name}-${timestamp(new Date())}`);
  if (!out) {
    for (let i = 2; fs.existsSync(dir); i++) dir = dir.replace(/(-\d+)?$/, `-${i}`);
  }
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) {
    throw new UsageError(`--out ${out} is a file, not a folder`, 'name a folder (it is created if missing)');
  }
  try {
    makeFolders(dir);
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    throw new UsageError(`cannot write the report folder ${dir} (${code})`, 'choose a writable --out folder');
  }
  return dir;
}

/**
 * mkdir -p, one folder at a time from the nearest that exists: Node 20's recursive mkdir never returns
 * where the kernel answers a new folder with ENOENT although its parent exists (/proc/foo spins at
 * full CPU), and one mkdir a level fails there at once.
 * @param {string} dir an absolute path
 */
function makeFolders(dir) {
  const missing = [];
  for (let d = dir; !fs.existsSync(d); d = path.dirname(d)) {
    missing.unshift(d);
    if (path.dirname(d) === d) break;
  }
  for (const d of missing) fs.mkdirSync(d);
}
