// The TCP ports a process listens on, from the OS (Linux): its socket descriptors in
// /proc/<pid>/fd matched by inode against the LISTEN rows of /proc/<pid>/net/tcp and tcp6 (those
// tables hold every socket of the process's network namespace, hence the match).

import fs from 'node:fs';

const LISTEN = '0A';

/**
 * @typedef {{port: number, address: string, family: 'IPv4' | 'IPv6', inode: number}} ListeningSocket
 */

/**
 * @param {number} pid
 * @returns {ListeningSocket[]} sorted by port; empty when the process is gone
 */
export function listeningSockets(pid) {
  const inodes = socketInodes(pid);
  /** @type {ListeningSocket[]} */
  const out = [];
  for (const [file, family] of /** @type {const} */ ([['tcp', 'IPv4'], ['tcp6', 'IPv6']])) {
    let text = '';
    try {
      text = fs.readFileSync(`/proc/${pid}/net/${file}`, 'utf8');
    } catch {
      continue; // no IPv6 in this kernel, or the process is gone
    }
    for (const row of parseTcpTable(text)) {
      if (row.state === LISTEN && inodes.has(row.inode)) out.push({ port: row.port, address: row.address, family, inode: row.inode });
    }
  }
  return out.sort((a, b) => a.port - b.port || a.address.localeCompare(b.address));
}

/** @param {number} pid @returns {Set<number>} */
function socketInodes(pid) {
  const set = new Set();
  let names = [];
  try {
    names = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return set;
  }
  for (const name of names) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${name}`));
      if (m) set.add(Number(m[1]));
    } catch {
      // closed meanwhile
    }
  }
  return set;
}

/**
 * Rows of a /proc/net/tcp or tcp6 table.
 * @param {string} text
 * @returns {{address: string, port: number, state: string, inode: number}[]}
 */
export function parseTcpTable(text) {
  return text.split('\n').slice(1).map((line) => line.trim().split(/\s+/)).filter((f) => f.length >= 10).map((f) => {
    const [hexAddress, hexPort] = f[1].split(':');
    return { address: decodeAddress(hexAddress), port: parseInt(hexPort, 16), state: f[3], inode: Number(f[9]) };
  });
}

/**
 * The kernel writes addresses as 32-bit words in host byte order (little-endian here).
 * @param {string} hex 8 hex digits (IPv4) or 32 (IPv6)
 */
export function decodeAddress(hex) {
  const words = hex.match(/.{8}/g) ?? [];
  const bytes = words.flatMap((w) => (w.match(/../g) ?? []).reverse().map((b) => parseInt(b, 16)));
  if (bytes.length === 4) return bytes.join('.');
  const isV4Mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (isV4Mapped) return `::ffff:${bytes.slice(12).join('.')}`;
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return compressV6(groups);
}

/** @param {string[]} groups eight hex groups */
function compressV6(groups) {
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLen) { best = i; bestLen = j - i; }
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLen).join(':')}`;
}
