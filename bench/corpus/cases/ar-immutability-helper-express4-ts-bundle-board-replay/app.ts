// Express 4 in TypeScript, bundled with esbuild as the team ships it: the sync service of a planning board. Clients
// send card edits (move to a lane, re-estimate, add a history entry); the server keeps the board as an immutable
// state and, when a client reconnects (/x), replays the edits queued since its snapshot through the same reducer the
// web client uses, one immutability-helper update per edit. The board has 4,000 cards; a reconnect after a busy
// planning session replays about 450 edits. The board and the edits are made at start-up.
import express, { Request, Response } from 'express';
import update from 'immutability-helper';

interface Card { id: string; lane: number; title: string; points: number; assignee: string; labels: string[]; history: { at: number; lane: number; by: string }[] }
interface Board { id: string; version: number; lanes: { id: string; name: string }[]; cards: Card[] }
interface Edit { seq: number; cardIndex: number; lane: number; points: number; by: string }

let board: Board = {
  id: 'BRD-PLAN-Q3', version: 1,
  lanes: ['Backlog', 'Ready', 'In progress', 'Review', 'Done', 'Blocked'].map((name, i) => ({ id: `L${i}`, name })),
  cards: Array.from({ length: 4000 }, (_, i): Card => ({ id: `C-${10000 + i}`, lane: i % 6, title: `Story ${i}: checkout step ${i % 40}`, points: i % 8, assignee: `u${i % 30}`, labels: ['web', i % 3 ? 'growth' : 'core'], history: [] })),
};
const queued: Edit[] = Array.from({ length: 450 }, (_, k) => ({ seq: k + 1, cardIndex: (k * 37) % 4000, lane: k % 6, points: k % 13, by: `u${k % 30}` }));

function applyEdit(state: Board, e: Edit): Board {
  return update(state, {
    version: { $apply: (v: number) => v + 1 },
    cards: { [e.cardIndex]: { lane: { $set: e.lane }, points: { $set: e.points }, history: { $push: [{ at: e.seq, lane: e.lane, by: e.by }] } } },
  });
}

function replay(state: Board, edits: Edit[]): Board {
  return edits.reduce(applyEdit, state);
}

const app = express();
app.get('/health', (req: Request, res: Response) => { res.send('ok'); });
app.get('/x', (req: Request, res: Response) => {
  const since = Number(req.query.since) || 0;
  const next = replay(board, queued.filter((e) => e.seq > since));
  const perLane = next.lanes.map((l, i) => ({ lane: l.name, cards: next.cards.filter((c) => c.lane === i).length }));
  res.json({ board: next.id, version: next.version, perLane, changed: queued.length });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
