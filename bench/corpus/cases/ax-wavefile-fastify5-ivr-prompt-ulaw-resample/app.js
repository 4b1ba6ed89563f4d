// Fastify 5: the prompt service of a contact centre's IVR. Supervisors record greetings and menu prompts in the
// browser (44.1 kHz, 16-bit WAV); the telephony gateway plays them as 8 kHz G.711 mu-law, and fetches
// /prompts/:id/ulaw.wav each time a call reaches the prompt. The handler converts the recording on every fetch with
// wavefile: resampling 44.1 kHz to 8 kHz (wavefile's cubic interpolation with its low-pass filter, sample by sample
// in JavaScript), then mu-law encoding. The recordings (8 s each) are synthesised at start-up.
'use strict';
const fastify = require('fastify')({ logger: false });
const { WaveFile } = require('wavefile');

function record(seconds, pitch) {
  const rate = 44100;
  const samples = new Int16Array(rate * seconds);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.round(9000 * Math.sin((2 * Math.PI * pitch * i) / rate) * (0.6 + 0.4 * Math.sin(i / 5000)) + 2500 * Math.sin((2 * Math.PI * 1250 * i) / rate));
  }
  const wav = new WaveFile();
  wav.fromScratch(1, rate, '16', samples);
  return wav.toBuffer();
}
const prompts = new Map([
  ['welcome-en', { id: 'welcome-en', queue: 'main', recording: record(8, 220) }],
  ['menu-billing', { id: 'menu-billing', queue: 'billing', recording: record(8, 247) }],
  ['after-hours', { id: 'after-hours', queue: 'main', recording: record(8, 196) }],
]);

function toTelephony(recording) {
  const wav = new WaveFile(recording);
  wav.toSampleRate(8000);
  wav.toMuLaw();
  return Buffer.from(wav.toBuffer());
}

fastify.get('/health', async () => 'ok');
fastify.get('/prompts/:id/ulaw.wav', async (request, reply) => {
  const prompt = prompts.get(request.params.id);
  if (!prompt) return reply.code(404).send({ error: 'no such prompt' });
  reply.header('content-type', 'audio/wav').header('x-prompt-queue', prompt.queue);
  return toTelephony(prompt.recording);
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
