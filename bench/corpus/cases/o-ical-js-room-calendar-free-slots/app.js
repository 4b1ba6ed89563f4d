// Express 5: the meeting-room finder of an office app. The rooms' shared calendar comes in as one iCalendar
// feed (about 1.8 MB, 3,600 events with organizer, attendees and escaped descriptions) that the sync job
// stores as text; /x parses the whole feed with ical.js on every request to list today's bookings of one room.
'use strict';
const express = require('express');
const ICAL = require('ical.js');

let ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//office//rooms//EN\r\nCALSCALE:GREGORIAN\r\n';
for (let i = 0; i < 3600; i++) {
  const day = String(1 + (i % 28)).padStart(2, '0'), hour = String(8 + (i % 10)).padStart(2, '0');
  ics += `BEGIN:VEVENT\r\nUID:ev-${i}@rooms.office.internal\r\nDTSTAMP:20240301T080000Z\r\n` +
    `DTSTART:202403${day}T${hour}0000Z\r\nDTEND:202403${day}T${hour}4500Z\r\nSUMMARY:Planning ${i} of team ${i % 40}\r\n` +
    `LOCATION:Room ${i % 25}\r\nORGANIZER;CN=Person ${i % 90}:mailto:p${i % 90}@example.com\r\n` +
    `ATTENDEE;CN=Guest ${i};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:g${i}@example.com\r\n` +
    `ATTENDEE;CN=Guest ${i + 1};ROLE=OPT-PARTICIPANT;PARTSTAT=TENTATIVE:mailto:g${i + 1}@example.com\r\n` +
    `DESCRIPTION:Agenda item ${i}\\, notes\\; follow-ups and decisions\\nsee the wiki\r\nSEQUENCE:${i % 4}\r\nEND:VEVENT\r\n`;
}
ics += 'END:VCALENDAR\r\n';
const feeds = { rooms: ics };

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const jcal = ICAL.parse(feeds.rooms);
  const room = req.query.room || 'Room 7', day = req.query.day || '2024-03-15';
  const bookings = [];
  for (const [name, props] of jcal[2]) {
    if (name !== 'vevent') continue;
    const get = (key) => (props.find((p) => p[0] === key) || [])[3];
    if (get('location') === room && String(get('dtstart')).startsWith(day)) bookings.push({ from: get('dtstart'), to: get('dtend'), summary: get('summary') });
  }
  res.json({ room, day, bookings });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
