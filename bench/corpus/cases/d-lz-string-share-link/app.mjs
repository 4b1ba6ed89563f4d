// tinyhttp: a planning board makes a share link that carries the whole board in the URL, compressed
// with lz-string's compressToEncodedURIComponent (about 860 KB of JSON for a board of 7,000 cards).
import { App } from '@tinyhttp/app';
import LZString from 'lz-string';

const board = {
  id: 'b-314',
  columns: ['backlog', 'doing', 'review', 'done'],
  cards: Array.from({ length: 7000 }, (_, i) => ({
    id: i, title: `Card ${i}: ${['fix', 'add', 'remove', 'refactor'][i % 4]} ${['login', 'search', 'billing', 'export'][(i * 7) % 4]}`,
    column: i % 4, owner: `u-${(i * 31) % 97}`, points: (i * 13) % 8, labels: [`l${i % 11}`, `l${(i * 3) % 17}`], note: `note ${(i * 7919) % 10007}`,
  })),
};

const app = new App();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const json = JSON.stringify(board);
  const packed = LZString.compressToEncodedURIComponent(json);
  res.json({ url: `https://plan.example.com/share#${packed.slice(0, 64)}`, length: packed.length });
});

app.listen(Number(process.env.PORT) || 0, undefined, '127.0.0.1');
