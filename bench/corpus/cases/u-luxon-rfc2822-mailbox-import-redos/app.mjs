// Hono on Node (ESM): a helpdesk's shared inbox. Mail comes in through an IMAP sync (the messages are made at
// start-up here); /x dates the inbox's 300 messages by their Date headers with luxon's DateTime.fromRFC2822
// and lists the 50 newest. One message, a spam bounce, has a Date header followed by a run of 14,500
// opening parentheses. Before parsing, luxon 3.2.0 strips RFC 2822 comments with /\([^)]*\)|[\n\t]/g: from each
// "(" the class [^)]* runs to the end of the header looking for a ")", so the replace is quadratic in the
// header's length (CVE-2023-22467, fixed in 3.2.1 by excluding "(" from the class).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { DateTime } from 'luxon';

const senders = ['billing@acme.example', 'ops@globex.example', 'noreply@initech.example', 'anna@umbrella.example'];
const messages = Array.from({ length: 300 }, (_, i) => ({
  uid: 48000 + i, from: senders[i % senders.length], subject: `Ticket #${91000 + i}: invoice question`,
  date: DateTime.fromObject({ year: 2025, month: 3, day: 1 + (i % 28), hour: i % 24, minute: (i * 7) % 60 }, { zone: 'Europe/Berlin' }).toRFC2822(),
}));
messages[211].from = 'MAILER-DAEMON@bounce.example';
messages[211].date = `Tue, 11 Mar 2025 04:17:09 +0000 ${'('.repeat(14500)}`;

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const inbox = messages.map((m) => {
    const sent = DateTime.fromRFC2822(m.date, { setZone: true });
    return { uid: m.uid, from: m.from, subject: m.subject, sentAt: sent.isValid ? sent.toUTC().toISO() : null };
  });
  inbox.sort((a, b) => (b.sentAt ?? '').localeCompare(a.sentAt ?? ''));
  return c.json({ mailbox: 'support', messages: inbox.length, latest: inbox.slice(0, 50) });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
