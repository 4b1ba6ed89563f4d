// Hono: the token team's airdrop claim API. A wallet asks /x for its Merkle proof; the handler hashes the
// 9,000 allocations (address and amount, packed as Solidity's abi.encodePacked does) with js-sha3's keccak256
// (the EVM's hash, which node:crypto does not have) and builds the tree in one array as OpenZeppelin's
// StandardMerkleTree lays it out (leaves at the end, each node the hash of its sorted children) up to the
// root the claim contract holds, then returns the sibling hashes on the wallet's path. The allocation list is
// made at start-up (it was published with the contract).
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { keccak256 } = require('js-sha3');

const allocations = Array.from({ length: 9000 }, (_, i) => {
  const leaf = Buffer.alloc(52);
  leaf.write((BigInt(i + 1) * 0x9e3779b97f4a7c15n).toString(16).padStart(40, '0').slice(-40), 0, 'hex');
  leaf.writeBigUInt64BE(10n ** 15n * BigInt(1 + (i * 7) % 500), 44);
  return leaf;
});
const sortedPair = (a, b) => (Buffer.compare(a, b) <= 0 ? Buffer.concat([a, b]) : Buffer.concat([b, a]));

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const n = allocations.length, tree = new Array(2 * n - 1);
  for (let i = tree.length - 1; i >= 0; i--) {
    const bytes = i >= n - 1 ? allocations[i - (n - 1)] : sortedPair(tree[2 * i + 1], tree[2 * i + 2]);
    tree[i] = Buffer.from(keccak256.arrayBuffer(bytes));
  }
  const proof = [];
  for (let i = tree.length - 1 - 7321; i > 0; i = (i - 1) >> 1) proof.push('0x' + tree[i % 2 ? i + 1 : i - 1].toString('hex'));
  return c.json({ wallet: '0x' + allocations[7321].subarray(0, 20).toString('hex'), root: '0x' + tree[0].toString('hex'), proof });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
