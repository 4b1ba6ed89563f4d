'use strict';
// Writes a V8 CPU profile with what the tool needs to place it in time. One file per profile,
// named as wire.cjs says: {kind, epochOffsetMs, intervalUs, profile}.

const fs = require('node:fs');
const path = require('node:path');

/**
 * @param {string} dir @param {string} name
 * @param {{kind: string, epochOffsetMs: number, intervalUs: number, profile: unknown, sourceMaps?: object}} data
 */
function writeProfile(dir, name, data) {
  const file = path.join(dir, name);
  try {
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(data));
    fs.renameSync(`${file}.tmp`, file); // the tool never reads half a file
  } catch {
    // the report folder went away (the tool is gone): nothing to keep
  }
}

module.exports = { writeProfile };
