'use strict';
// The live side channel to the tool: an extra file descriptor the tool opened for us (the app
// has no reason to touch it), or a Unix socket when a profiler (0x, clinic) sits between the tool
// and the app and owns the app's extra descriptors. JSON lines both ways; unref'ed so it never
// keeps the app alive.

const net = require('node:net');
const { encode, decode, onLines } = require('./wire.cjs');

/**
 * @param {number | string} fd a descriptor, or the path of a Unix socket to connect to
 * @param {(command: {cmd: string}) => void} onCommand
 * @param {() => void} onClose the tool went away
 */
function openChannel(fd, onCommand, onClose) {
  /** @type {net.Socket} */
  let socket;
  try {
    socket = typeof fd === 'string' ? net.createConnection(fd) : new net.Socket({ fd, readable: true, writable: true });
  } catch {
    return { send() {}, close() {} };
  }
  socket.unref();
  /** @param {object} message */
  const send = (message) => {
    if (socket.writable) socket.write(encode(message));
  };
  onLines(socket, (line) => {
    const command = decode(line);
    if (!command) return; // a malformed line from the tool is ignored, never thrown into the app
    try {
      onCommand(command);
    } catch (error) {
      // our own bug: the tool hears of it (and what it cost); the app never does
      send({ type: 'agent-error', cmd: command?.cmd ?? null, message: String(/** @type {any} */ (error)?.message ?? error) });
    }
  });
  socket.on('error', () => {});
  socket.once('close', onClose);
  return {
    send,
    close() {
      socket.destroy();
    },
  };
}

module.exports = { openChannel };
