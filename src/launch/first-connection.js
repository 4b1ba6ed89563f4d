// A Unix-socket server that takes the first connection only and then stops listening: how an
// agent reaches the tool when no inherited descriptor can carry its channel (under a profiler's
// runner, or injected by `attach`).

import net from 'node:net';

export class FirstConnection {
  /** @param {string} socketPath @param {(socket: net.Socket) => void} onSocket */
  constructor(socketPath, onSocket) {
    this.socketPath = socketPath;
    /** @type {net.Socket | null} */
    this.socket = null;
    this.server = net.createServer((socket) => {
      if (this.socket) {
        socket.destroy();
        return;
      }
      this.socket = socket;
      this.server.close();
      socket.on('error', () => {});
      onSocket(socket);
    });
  }

  /** @returns {Promise<void>} */
  listen() {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.socketPath, () => resolve());
    });
  }

  /** Stops listening and drops the connection. */
  close() {
    this.server.close();
    this.socket?.destroy();
  }
}
