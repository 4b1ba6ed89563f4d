// NestJS 10 on Express (decorators applied by hand, as TypeScript emits them): the operations back office of a
// managed-hosting company. Two calls are slow. /maintenance/calendar lists the coming six days of every scheduled job
// (backups, patch windows, certificate renewals) in each customer's time zone with cron-parser, whose date arithmetic
// is luxon's; /deployments/:id/log shows a finished deployment's build log in the web console, its ANSI colours turned
// into HTML with ansi-to-html on every view (2,500 lines). Schedules and logs are made at start-up.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Param, Query, Res } = require('@nestjs/common');
const cronParser = require('cron-parser');
const AnsiToHtml = require('ansi-to-html');

class MaintenanceService {
  constructor() {
    this.jobs = [
      { name: 'nightly-backup', cron: '0 2 * * *', tz: 'Europe/Berlin' },
      { name: 'db-vacuum', cron: '30 3 * * 0', tz: 'Europe/Berlin' },
      { name: 'patch-window', cron: '0 22 * * 2,4', tz: 'America/New_York' },
      { name: 'cert-renewal', cron: '15 4 1,15 * *', tz: 'UTC' },
    ];
  }

  calendar(from, days) {
    const until = new Date(from.getTime() + days * 864e5);
    return this.jobs.map((job) => {
      const runs = [];
      const interval = cronParser.parseExpression(job.cron, { currentDate: from, endDate: until, tz: job.tz });
      while (interval.hasNext()) runs.push(interval.next().toISOString());
      return { job: job.name, tz: job.tz, runs };
    });
  }
}
Injectable()(MaintenanceService);

class DeployLogService {
  constructor() {
    const line = (i) => `\x1b[90m2025-06-10T08:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z\x1b[0m \x1b[${i % 9 ? 32 : 33}m${i % 9 ? 'INFO' : 'WARN'}\x1b[0m [build] step ${i}: \x1b[1mnpm ci\x1b[22m added ${i % 900} packages <in> ${i % 13}s & \x1b[36mcache hit\x1b[39m`;
    this.logs = new Map([['DEP-90412', Array.from({ length: 2500 }, (_, i) => line(i)).join('\n')]]);
  }

  html(id) {
    const converter = new AnsiToHtml({ escapeXML: true, newline: true, fg: '#d4d4d4', bg: '#1e1e1e' });
    return `<pre class="deploy-log">${converter.toHtml(this.logs.get(id))}</pre>`;
  }
}
Injectable()(DeployLogService);

class OpsController {
  constructor(maintenance, logs) { this.maintenance = maintenance; this.logs = logs; }
  health() { return 'ok'; }
  calendar(q) { return this.maintenance.calendar(new Date(q.from || '2025-06-02T00:00:00Z'), Number(q.days) || 6); }
  log(id, res) { res.type('text/html'); return this.logs.html(id); }
}
Inject(MaintenanceService)(OpsController, undefined, 0);
Inject(DeployLogService)(OpsController, undefined, 1);
Controller()(OpsController);
Get('health')(OpsController.prototype, 'health', Object.getOwnPropertyDescriptor(OpsController.prototype, 'health'));
Query()(OpsController.prototype, 'calendar', 0);
Get('maintenance/calendar')(OpsController.prototype, 'calendar', Object.getOwnPropertyDescriptor(OpsController.prototype, 'calendar'));
Param('id')(OpsController.prototype, 'log', 0);
Res({ passthrough: true })(OpsController.prototype, 'log', 1);
Get('deployments/:id/log')(OpsController.prototype, 'log', Object.getOwnPropertyDescriptor(OpsController.prototype, 'log'));

class AppModule {}
Module({ controllers: [OpsController], providers: [MaintenanceService, DeployLogService] })(AppModule);

NestFactory.create(AppModule, { logger: false })
  .then((app) => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
