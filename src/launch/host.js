// Where to send requests for a listening address: loopback only.

/**
 * @param {string} address as server.address() gives it
 * @returns {string | null} host for a URL, or null when the address is not reachable on loopback
 */
export function loopbackHost(address) {
  if (address === '::' || address === '0.0.0.0' || address === '') return '127.0.0.1';
  if (address === '::1') return '[::1]';
  const v4 = address.replace(/^::ffff:/, '');
  if (/^127\./.test(v4)) return v4;
  return null;
}
