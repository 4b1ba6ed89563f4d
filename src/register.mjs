// `node --import eventloop-probe/register app.mjs`: the same agent as --require (register.cjs).
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./register.cjs');
