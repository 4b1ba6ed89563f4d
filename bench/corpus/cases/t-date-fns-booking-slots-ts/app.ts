// Fastify 5 in TypeScript, compiled with tsc to dist/ (CommonJS, with source maps): a clinic chain's booking
// service. /x lists the bookable slots of the next 10 days for a department (40 practitioners, 15-minute
// slots, 08:00-18:00 on weekdays), each labelled for the booking widget with date-fns' format in the
// clinic's locale pattern, and with its ISO time. The practitioners' calendars are made at start-up.
import Fastify from 'fastify';
import { addDays, addMinutes, format, formatISO, isWeekend, startOfDay } from 'date-fns';

interface Slot { practitioner: string; start: string; label: string }

const practitioners = Array.from({ length: 40 }, (_, i) => ({ id: `P-${100 + i}`, booked: new Set<number>(Array.from({ length: 300 }, (_, k) => (k * 7919 + i * 13) % 3360)) }));
const firstDay = startOfDay(new Date('2025-03-03T00:00:00'));

function openSlots(days: number): Slot[] {
  const slots: Slot[] = [];
  for (let d = 0; d < days; d++) {
    const day = addDays(firstDay, d);
    if (isWeekend(day)) continue;
    for (let m = 8 * 60; m < 18 * 60; m += 15) {
      const at = addMinutes(day, m);
      const index = d * 40 + (m - 480) / 15;
      for (const p of practitioners) {
        if (p.booked.has(index % 3360)) continue;
        slots.push({ practitioner: p.id, start: formatISO(at), label: format(at, "EEEE, d MMMM yyyy 'at' HH:mm") });
      }
    }
  }
  return slots;
}

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/x', async () => {
  const slots = openSlots(10);
  return { count: slots.length, first: slots.slice(0, 50) };
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
