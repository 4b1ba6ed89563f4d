// Polka: the notifications service renders this week's digest e-mail for every subscriber of a
// segment (the mailer takes the rendered bodies in one batch). The template is the one marketing
// edits in the admin and is stored as a string.
import polka from 'polka';
import { Eta } from 'eta';

const eta = new Eta({ autoEscape: true });
const templates = new Map([['weekly-digest', `<!DOCTYPE html><html><body>
<h1>Hello <%= it.name %>,</h1>
<p>Here is your summary for week <%= it.week %>.</p>
<table>
<% it.orders.forEach(function (o) { %>
  <tr><td><%= o.id %></td><td><%= o.item %></td><td><%= o.total.toFixed(2) %> <%= it.currency %></td>
  <% if (o.status === 'late') { %><td class="late">Delayed</td><% } else { %><td><%= o.status %></td><% } %></tr>
<% }) %>
</table>
<% if (it.coupon) { %><p>Your coupon: <strong><%= it.coupon %></strong></p><% } %>
<p>Manage notifications: <a href="<%= it.unsubscribe %>">unsubscribe</a></p>
${Array.from({ length: 30 }, (_, i) => `<p class="legal-${i}">Legal notice <%= it.company %> §${i + 1}: terms and conditions apply.</p>`).join('\n')}
</body></html>`]]);

const subscribers = Array.from({ length: 1400 }, (_, i) => ({
  email: `user${i}@example.com`,
  name: `User ${i}`,
  coupon: i % 3 ? null : 'SPRING10',
  orders: Array.from({ length: 3 }, (_, j) => ({ id: `o${i}-${j}`, item: `Item ${j}`, total: j * 9.5 + (i % 7), status: j === 2 ? 'late' : 'shipped' })),
}));

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const batch = [];
    for (const s of subscribers) {
      const html = eta.renderString(templates.get('weekly-digest'), { ...s, week: 10, currency: 'EUR', company: 'ACME GmbH', unsubscribe: `/unsubscribe/${encodeURIComponent(s.email)}` });
      batch.push({ to: s.email, subject: 'Your week at ACME', html });
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ queued: batch.length, bytes: batch.reduce((n, m) => n + m.html.length, 0) }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
