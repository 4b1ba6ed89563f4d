// NestJS 11 in TypeScript, compiled with tsc (decorators and their metadata, CommonJS, source maps): a
// warehouse's operations service. Two calls are slow. /picking/next-route plans the walk of the next pick wave:
// from the depot it goes to the nearest of the wave's remaining 9 locations, then the next nearest, each
// distance a dijkstrajs find_path over the aisle graph (40 aisles of 60 bays, cross aisles at both ends and in
// the middle). /docks/occupancy tells the yard which of the 8 dock doors are blocked: it compares each dock
// camera's current frame (640x480 RGBA) with the door's reference frame with pixelmatch. The graph, the wave
// and the frames (the cameras' last grab, as the frame grabber keeps it) are made at start-up.
import 'reflect-metadata';
import { Controller, Get, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { find_path } from 'dijkstrajs';
import pixelmatch from 'pixelmatch';

const AISLES = 40, BAYS = 60, W = 640, H = 480;
const loc = (a: number, b: number) => `A${String(a).padStart(2, '0')}-B${String(b).padStart(2, '0')}`;
let seed = 3;
const rnd = (n: number) => (seed = (seed * 16807) % 2147483647) % n;

@Injectable()
class PickingService {
  private readonly graph: Record<string, Record<string, number>> = {};
  private readonly wave = Array.from({ length: 9 }, () => loc(rnd(AISLES), rnd(BAYS)));

  constructor() {
    for (let a = 0; a < AISLES; a++) for (let b = 0; b < BAYS; b++) {
      const edges: Record<string, number> = {};
      if (b > 0) edges[loc(a, b - 1)] = 1.2;
      if (b < BAYS - 1) edges[loc(a, b + 1)] = 1.2;
      if ([0, 30, BAYS - 1].includes(b)) { if (a > 0) edges[loc(a - 1, b)] = 3; if (a < AISLES - 1) edges[loc(a + 1, b)] = 3; }
      this.graph[loc(a, b)] = edges;
    }
  }

  nextRoute() {
    const stops: string[] = [];
    let at = loc(0, 0), steps = 0;
    const left = [...this.wave];
    while (left.length) {
      let best: { to: string; path: string[] } | null = null;
      for (const to of left) {
        const path = find_path(this.graph, at, to);
        if (!best || path.length < best.path.length) best = { to, path };
      }
      steps += best!.path.length - 1;
      stops.push(best!.to);
      left.splice(left.indexOf(best!.to), 1);
      at = best!.to;
    }
    return { wave: 'W-5531', stops, bays: steps };
  }
}

@Injectable()
class DockService {
  private readonly frame = (blocked: boolean) => {
    const px = new Uint8Array(W * H * 4);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4, v = ((x >> 4) + (y >> 4)) % 2 ? 200 : 60;
      px[i] = v + rnd(8); px[i + 1] = v + rnd(8); px[i + 2] = v + 10; px[i + 3] = 255;
      if (blocked && y > 100 && y < 380 && x > 200 && x < 520) { px[i] = 150 + rnd(40); px[i + 1] = 90; px[i + 2] = 40; }
    }
    return px;
  };
  private readonly docks = Array.from({ length: 8 }, (_, d) => ({ door: `D${d + 1}`, reference: this.frame(false), current: this.frame(d % 3 === 0) }));

  occupancy() {
    return this.docks.map((d) => {
      const changed = pixelmatch(d.reference, d.current, null, W, H, { threshold: 0.1 });
      return { door: d.door, blocked: changed > W * H * 0.05, changed };
    });
  }
}

@Controller()
class OpsController {
  constructor(private readonly picking: PickingService, private readonly docks: DockService) {}

  @Get('health')
  health() { return 'ok'; }

  @Get('picking/next-route')
  route() { return this.picking.nextRoute(); }

  @Get('docks/occupancy')
  occupancy() { return this.docks.occupancy(); }
}

@Module({ controllers: [OpsController], providers: [PickingService, DockService] })
class AppModule {}

async function bootstrap() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
bootstrap();
