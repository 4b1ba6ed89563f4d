// hono on Node, bundled with esbuild as the team ships it: the worksheet service of a maths tutoring platform.
// /worksheets/:id renders a practice worksheet for the student app: its 24 questions from the question bank, each
// formula typeset from TeX to SVG with MathJax (mathjax-full: TeX input, SVG output, the lite DOM adaptor), on every
// view, though a worksheet's formulas only change when an editor publishes a new version. The bank is made at
// start-up.
'use strict';
const { serve } = require('@hono/node-server');
const { Hono } = require('hono');
const { mathjax } = require('mathjax-full/js/mathjax.js');
const { TeX } = require('mathjax-full/js/input/tex.js');
const { SVG } = require('mathjax-full/js/output/svg.js');
const { liteAdaptor } = require('mathjax-full/js/adaptors/liteAdaptor.js');
const { RegisterHTMLHandler } = require('mathjax-full/js/handlers/html.js');
require('mathjax-full/js/input/tex/ams/AmsConfiguration.js');
require('mathjax-full/js/input/tex/newcommand/NewcommandConfiguration.js');
require('mathjax-full/js/input/tex/noundefined/NoUndefinedConfiguration.js');

const adaptor = liteAdaptor();
RegisterHTMLHandler(adaptor);
const mathDocument = mathjax.document('', {
  InputJax: new TeX({ packages: ['base', 'ams', 'newcommand', 'noundefined'] }),
  OutputJax: new SVG({ fontCache: 'local' }),
});

const templates = [
  (a, b, c) => [`Solve for x.`, String.raw`${a}x^2 ${b < 0 ? '-' : '+'} ${Math.abs(b)}x + ${c} = 0 \quad\Rightarrow\quad x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}`],
  (a, b) => [`Evaluate the integral.`, String.raw`\int_{0}^{${a}} \left(${b}x^{2} + \sin\frac{\pi x}{${a}}\right)\,dx`],
  (a) => [`Find a closed form.`, String.raw`\sum_{k=1}^{n} \left(${a}k^{2} - k\right) = \frac{n(n+1)(${2 * a}n + ${a - 3})}{6}`],
  (a, b, c, d) => [`Invert the matrix.`, String.raw`\begin{pmatrix} ${a} & ${b} \\ ${c} & ${d} \end{pmatrix}^{-1} = \frac{1}{${a * d - b * c}}\begin{pmatrix} ${d} & ${-b} \\ ${-c} & ${a} \end{pmatrix}`],
  (a) => [`Compute the limit.`, String.raw`\lim_{x \to 0} \frac{\sin(${a}x)}{x} \qquad \lim_{n\to\infty}\left(1+\frac{${a}}{n}\right)^{n}`],
  (a, b) => [`Solve the system.`, String.raw`\begin{aligned} ${a}x + ${b}y &= ${a + b} \\ ${b}x - ${a}y &= ${b - a} \end{aligned}`],
];
const bank = new Map(['ws-algebra-2', 'ws-calculus-1', 'ws-linear-algebra'].map((id, w) => [id, {
  id, title: `Practice ${id.slice(3)}`, version: 7,
  questions: Array.from({ length: 24 }, (_, i) => {
    const [prompt, tex] = templates[(i + w) % templates.length](2 + (i % 7), -3 + (i % 5), 1 + (i % 4), 5 + (i % 3));
    return { n: i + 1, prompt, tex, points: 1 + (i % 3) };
  }),
}]));

function typeset(tex) {
  return adaptor.outerHTML(mathDocument.convert(tex, { display: true, em: 16, ex: 8, containerWidth: 720 }));
}

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/worksheets/:id', (c) => {
  const sheet = bank.get(c.req.param('id'));
  if (!sheet) return c.json({ error: 'not found' }, 404);
  const questions = sheet.questions.map((q) => ({ n: q.n, prompt: q.prompt, points: q.points, svg: typeset(q.tex) }));
  return c.json({ id: sheet.id, title: sheet.title, version: sheet.version, questions });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
