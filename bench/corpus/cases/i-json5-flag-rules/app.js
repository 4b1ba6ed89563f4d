// h3: the feature-flag service answers which flags are on for a user. The flag rules are a hand-edited
// JSON5 file (comments, trailing commas) that the config store returns as text; the handler reads the
// current revision and evaluates every flag for the caller.
'use strict';
const http = require('http');
const { createApp, createRouter, eventHandler, getQuery, toNodeListener } = require('h3');
const JSON5 = require('json5');

const teams = ['checkout', 'search', 'growth', 'payments', 'platform', 'mobile'];
const rulesText = '{\n' + Array.from({ length: 8000 }, (_, i) =>
  `  // ${teams[i % 6]}: experiment ${i}, owner ${teams[(i + 1) % 6]}\n` +
  `  'flag_${i}': { enabled: ${i % 2 ? 'true' : 'false'}, rollout: ${i % 100}, segments: ['beta', 'staff',], owner: '${teams[i % 6]}', },`).join('\n') + '\n}\n';
const configStore = { get: (key) => (key === 'flags/rules.json5' ? rulesText : null) };

const hash = (s) => { let h = 2166136261; for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619); return (h >>> 0) % 100; };

const router = createRouter()
  .get('/health', eventHandler(() => 'ok'))
  .get('/x', eventHandler((event) => {
    const user = String(getQuery(event).user || 'u-1042');
    const rules = JSON5.parse(configStore.get('flags/rules.json5'));
    const on = Object.keys(rules).filter((name) => rules[name].enabled && hash(user + name) < rules[name].rollout);
    return { user, on: on.length };
  }));
const app = createApp().use(router);

http.createServer(toNodeListener(app)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
