// Hono on Node (ESM): the visual-regression service of a design-system team. CI uploads a screenshot of every
// Storybook story; reviewers open /x to see whether a story still matches its approved baseline. Each view
// recomputes the structural similarity (ssim.js, pure JavaScript) between the 640x400 RGBA screenshot and
// the baseline, both kept in memory, instead of scoring the pair once when the screenshot arrives.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { secureHeaders } from 'hono/secure-headers';
import { ssim } from 'ssim.js';

const W = 640, H = 400;
function render(story, shift) {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      const card = x > 64 && x < 576 && y > 48 + shift && y < 360;
      const stripe = ((y + shift) >> 4) % 3 === 0 && x > 96 && x < 96 + ((story.length * 37 + y) % 400);
      const v = card ? (stripe ? 60 : 245) : 228 + ((x ^ y) & 7);
      data[i] = v; data[i + 1] = card ? v : v - 8; data[i + 2] = stripe ? 180 : v; data[i + 3] = 255;
    }
  }
  return { data, width: W, height: H };
}
const stories = new Map(['button--primary', 'card--with-media', 'table--dense'].map((s) => [s, { baseline: render(s, 0), latest: render(s, 2), build: 'ci-4812' }]));

const app = new Hono();
app.use(secureHeaders());
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const story = c.req.query('story') || 'card--with-media';
  const pair = stories.get(story);
  const { mssim, performance: ms } = ssim(pair.baseline, pair.latest);
  return c.json({ story, build: pair.build, mssim: Number(mssim.toFixed(4)), pass: mssim >= 0.98, ssimMs: Math.round(ms) });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
