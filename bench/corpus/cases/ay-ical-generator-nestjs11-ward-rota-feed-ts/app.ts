// NestJS 11 in TypeScript, compiled with tsc (decorators and their metadata emitted, CommonJS, source maps), as the
// Nest CLI builds it: a hospital's staff rota service. Nurses subscribe their phone calendars to /x, the iCalendar
// feed of their ward's shifts for the next four weeks (364 shifts, 13 a day, with location, handover notes and a
// reminder alarm), and calendar apps poll it every few minutes. Every poll builds the feed anew with ical-generator: an
// ICalEvent per shift, then toString() renders, escapes and folds every property line. Shifts made at start-up.
import 'reflect-metadata';
import { Controller, Get, Header, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import ical, { ICalAlarmType } from 'ical-generator';

interface Shift { id: string; ward: string; start: Date; end: Date; role: string; lead: string; notes: string }

@Injectable()
class RotaService {
  private readonly shifts: Shift[] = Array.from({ length: 364 }, (_, i) => {
    const start = new Date(Date.UTC(2025, 3, 1, [7, 14, 21][i % 3], 0) + Math.floor(i / 13) * 86400e3);
    return { id: `rota-7b-${i}`, ward: 'Ward 7B (Cardiology)', start, end: new Date(start.getTime() + 8.5 * 3600e3), role: ['Staff nurse', 'Charge nurse', 'HCA'][i % 3],
      lead: ['Sr. Okafor', 'Sr. Lindqvist', 'Ch. N. Patel'][i % 3], notes: `Handover at the nurses' station, bay 2; bleep 4471; theatre list and discharges on the board; escalations to the site manager (ext. 2230).` };
  });

  feed(): string {
    const calendar = ical({ name: 'Ward 7B rota', prodId: { company: 'example-nhs-trust', product: 'rota' }, timezone: 'Europe/London', ttl: 900 });
    for (const s of this.shifts) {
      calendar.createEvent({ id: s.id, start: s.start, end: s.end, summary: `${s.role} - ${s.ward}`, description: `${s.notes}\nShift lead: ${s.lead}`, location: 'St Example Hospital, Level 3, Ward 7B', alarms: [{ type: ICalAlarmType.display, trigger: 3600 }] });
    }
    return calendar.toString();
  }
}

@Controller()
class RotaController {
  constructor(private readonly rota: RotaService) {}

  @Get('health')
  health() { return 'ok'; }

  @Get('x')
  @Header('content-type', 'text/calendar; charset=utf-8')
  feed() { return this.rota.feed(); }
}

@Module({ controllers: [RotaController], providers: [RotaService] })
class AppModule {}

async function bootstrap() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
bootstrap();
