// NestJS 11 (Express adapter; decorators applied by hand as TypeScript emits them): a marketing platform's
// countdown-timer image for emails ("sale ends in 02:14:37"). Every email open fetches /x, which encodes a
// 60-frame animated GIF (one frame per second of the current minute, 480x120, 16 colours) with omggif's GifWriter.
// The frames' bitmaps are drawn once a minute by a timer (here at start-up); the encoded GIF is the same bytes for
// every recipient during that minute, yet it is LZW-encoded again on each open.
'use strict';
require('reflect-metadata');
const { NestFactory } = require('@nestjs/core');
const { Module, Controller, Get, Injectable, Inject, Res } = require('@nestjs/common');
const { GifWriter } = require('omggif');

const W = 480, H = 120, FRAMES = 60;
const palette = [0x101828, 0xffffff, 0xf04438, 0xfdb022, 0x12b76a, 0x2e90fa, 0x7a5af8, 0xee46bc, 0x98a2b3, 0x344054, 0xfef0c7, 0xd1fadf, 0xd1e9ff, 0xfce7f6, 0x667085, 0x000000];
function drawMinute(minute) {
  return Array.from({ length: FRAMES }, (_, second) => {
    const px = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const digit = Math.floor(x / 80), cell = ((x % 80) >> 3) + ((y >> 3) * 3);
        const on = ((cell * 7 + digit * 13 + (digit === 5 ? 59 - second : minute)) % 5) < 2;
        px[y * W + x] = y < 8 || y > H - 8 ? 9 : on ? 1 + ((digit + second) % 7) : (x % 80 < 4 ? 14 : 0);
      }
    }
    return px;
  });
}

class CountdownService {
  constructor() { this.minute = 0; this.frames = drawMinute(this.minute); }
  gif() {
    const buf = Buffer.alloc(W * H * FRAMES + 8192);
    const writer = new GifWriter(buf, W, H, { loop: 0, palette });
    for (const frame of this.frames) writer.addFrame(0, 0, W, H, frame, { delay: 100, disposal: 1 });
    return buf.subarray(0, writer.end());
  }
}
Injectable()(CountdownService);

class TimerController {
  constructor(countdown) { this.countdown = countdown; }
  health() { return { ok: true }; }
  image(res) { res.set({ 'content-type': 'image/gif', 'cache-control': 'no-store' }).send(this.countdown.gif()); }
}
Inject(CountdownService)(TimerController, undefined, 0);
Controller()(TimerController);
Get('health')(TimerController.prototype, 'health', Object.getOwnPropertyDescriptor(TimerController.prototype, 'health'));
Res()(TimerController.prototype, 'image', 0);
Get('x')(TimerController.prototype, 'image', Object.getOwnPropertyDescriptor(TimerController.prototype, 'image'));

class AppModule {}
Module({ controllers: [TimerController], providers: [CountdownService] })(AppModule);

async function main() {
  const app = await NestFactory.create(AppModule, { logger: ['error'] });
  await app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
