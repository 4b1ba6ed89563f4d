'use strict';
// Node 22 and later build every message a port, channel or Worker of a thread receives into a
// MessageEvent, a class of the undici Node bundles, loaded on the thread's first message: 40-50 ms on a
// 2-core VM, 70-150 ms with the machine loaded. Our messages (the watchdog's, the --threads hub's, the
// production agent's worker's) would make the app's loop pay that when the first one came, a stall of
// ours blamed on Node's loader. Loading the class as the agent starts, before the loop is measured,
// moves that cost to the app's start; Node 20 has it already. Nothing else changes: the class is the one
// the app's own first message or `fetch` would load.

/** Loads the MessageEvent class now. */
function loadMessageEvent() {
  void globalThis.MessageEvent;
}

module.exports = { loadMessageEvent };
