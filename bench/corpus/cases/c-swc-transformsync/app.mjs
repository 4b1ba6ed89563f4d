// node:http (ESM): a playground service transpiles the user's TypeScript (a 540 KB module kept from its
// last save) to CommonJS with @swc/core's transformSync on every run request.
import http from 'node:http';
import { transformSync } from '@swc/core';

const parts = [];
for (let i = 0; i < 1300; i++) {
  parts.push(`export interface Row${i} { id: number; label: string; tags?: string[] }
export function score${i}(row: Row${i}, weight = ${i % 7}): number { const base = row.label.length * weight; return row.tags ? base + row.tags.length : base; }
export class Store${i}<T extends Row${i}> { private items = new Map<number, T>(); add(item: T): this { this.items.set(item.id, item); return this; } get size(): number { return this.items.size; } }`);
}
const source = parts.join('\n');
const options = { filename: 'playground.ts', jsc: { parser: { syntax: 'typescript' }, target: 'es2019' }, module: { type: 'commonjs' } };

http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  const { code } = transformSync(source, options);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ bytes: code.length }));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
