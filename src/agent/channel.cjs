'use strict';
// The live side channel to the tool: an extra file descriptor the tool opened for us (the app
// has no reason to touch it), or a Unix socket when a profiler (0x, clinic) sits between the tool
// and the app and owns the app's extra descriptors. JSON lines both ways; unref'ed so it never
// keeps the app alive.

const net = require('node:net');

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
    if (socket.writable) socket.write(JSON.stringify(message) + '\n');
  };
  onLines(socket, (line) => {
    let command;
    try {
      command = JSON.parse(line);
    } catch {
      return; // a malformed line from the tool is ignored, never thrown into the app
    }
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

/**
 * The channel's framing, shared with the tool: one JSON message per line.
 * @param {import('node:net').Socket} socket @param {(line: string) => void} onLine
 */
function onLines(socket, onLine) {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (/** @type {string} */ chunk) => {
    buffered += chunk;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line) onLine(line);
    }
  });
}

module.exports = { openChannel, onLines };
