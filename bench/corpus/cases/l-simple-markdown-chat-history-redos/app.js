// Koa: the team chat renders a channel's recent history to HTML on the server (the first paint of the
// channel view). Each message is inline Markdown, parsed and output with simple-markdown 0.5.1. One
// user pasted a line of CI output after an opening backtick that is never closed; the tool right-aligns
// its totals, so the backtick is followed by 430 blanks before "1284 passed" (made at start-up here).
'use strict';
const Koa = require('koa');
const SimpleMarkdown = require('simple-markdown');

const history = [];
for (let i = 0; i < 200; i++) {
  history.push({ user: `user${i % 9}`, text: i % 4
    ? `deploy #${i} is **done**, see \`kubectl get pods -n web\` and the [runbook](https://wiki.example.com/runbook/${i})`
    : `_reminder_: standup moved to 10:${String(i % 60).padStart(2, '0')}, agenda in ~~the doc~~ the ticket` });
}
history[131].text = `the nightly job printed \`${' '.repeat(430)}1284 passed`;

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  const items = history.map((m) => {
    const html = SimpleMarkdown.defaultHtmlOutput(SimpleMarkdown.defaultInlineParse(m.text));
    return `<li><b>${m.user}</b> ${html}</li>`;
  });
  ctx.type = 'html';
  ctx.body = `<ul class="history">${items.join('')}</ul>`;
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
