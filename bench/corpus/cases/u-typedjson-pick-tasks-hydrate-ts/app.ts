// Fastify 5 in TypeScript, compiled with tsc (decorators and their metadata, CommonJS, source maps): a
// warehouse's picking service. The open pick tasks come as plain rows (kept in memory here, as the read model's
// cache hands them out) and are hydrated into the domain's classes with typedjson, Dates and nested lines
// included, so that the wave planner can call their methods. /x plans the next wave: it hydrates the 9,500 open
// tasks of a warehouse, then takes the 50 most urgent. The rows are made at start-up.
import 'reflect-metadata';
import Fastify from 'fastify';
import { jsonArrayMember, jsonMember, jsonObject, TypedJSON } from 'typedjson';

@jsonObject
class PickLine {
  @jsonMember sku: string;
  @jsonMember location: string;
  @jsonMember quantity: number;
  @jsonMember picked: number;
  get open(): number { return this.quantity - this.picked; }
}

@jsonObject
class PickTask {
  @jsonMember id: string;
  @jsonMember orderId: string;
  @jsonMember carrier: string;
  @jsonMember priority: number;
  @jsonMember createdAt: Date;
  @jsonMember cutoffAt: Date;
  @jsonArrayMember(PickLine) lines: PickLine[];
  minutesToCutoff(now: number): number { return (this.cutoffAt.getTime() - now) / 60000; }
}

const carriers = ['DHL', 'UPS', 'GLS', 'DPD'];
const rows = Array.from({ length: 9500 }, (_, i) => ({
  id: `PT-${900000 + i}`, orderId: `SO-${400000 + i}`, carrier: carriers[i % 4], priority: i % 3,
  createdAt: new Date(Date.UTC(2025, 2, 3, 6, i % 600)).toISOString(), cutoffAt: new Date(Date.UTC(2025, 2, 3, 14 + (i % 4), (i * 7) % 60)).toISOString(),
  lines: Array.from({ length: 4 }, (_, k) => ({ sku: `SKU-${(i * 13 + k) % 9000}`, location: `A${k + 1}-${(i % 40) + 1}-${(i + k) % 6}`, quantity: 1 + ((i + k) % 5), picked: 0 })),
}));
const taskJson = new TypedJSON(PickTask);

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/x', async () => {
  const tasks = taskJson.parseAsArray(rows);
  const now = Date.UTC(2025, 2, 3, 12, 0);
  const wave = tasks.sort((a, b) => a.minutesToCutoff(now) - b.minutesToCutoff(now) || b.priority - a.priority).slice(0, 50);
  return { warehouse: 'WH-2', open: tasks.length, wave: wave.map((t) => ({ id: t.id, carrier: t.carrier, minutes: Math.round(t.minutesToCutoff(now)), units: t.lines.reduce((n, l) => n + l.open, 0) })) };
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
