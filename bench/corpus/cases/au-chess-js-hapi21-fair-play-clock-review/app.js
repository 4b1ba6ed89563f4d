// hapi 21: the fair-play desk of an online chess site. When a player is reported, the moderator's review page
// (/players/{handle}/fair-play) shows the player's last 30 rapid games with the move-time profile of each: the PGN
// of every game, clock comments included, is loaded into chess.js again on every view (loadPgn checks each move by
// generating the legal moves of the position and their SAN), then the clock times are read back with getComments.
// The games are archived once when they end and never change. The game archive is made at start-up.
'use strict';
const Hapi = require('@hapi/hapi');
const Joi = require('joi');
const { Chess } = require('chess.js');

const handles = ['knightowl', 'e4forever', 'zugzwang77', 'rookrage', 'caro_kann_kid', 'endgame_emma'];
function archivedGame(seed) {
  const g = new Chess();
  g.header('Event', 'Rated rapid game', 'Site', 'https://chess.example/g/' + (100000 + seed), 'White', '@W', 'Black', '@B', 'TimeControl', '600+5');
  let clock = [600, 600];
  for (let i = 0; i < 110 + ((seed * 13) % 60) && !g.isGameOver(); i++) {
    const moves = g.moves();
    g.move(moves[(seed * 31 + i * 17) % moves.length]);
    clock[i % 2] = Math.max(1, clock[i % 2] + 5 - (2 + ((seed + i * 7) % 19)));
    const c = clock[i % 2];
    g.setComment(`[%clk 0:${String(Math.floor(c / 60)).padStart(2, '0')}:${String(c % 60).padStart(2, '0')}]`);
  }
  return g.pgn();
}
const played = Array.from({ length: 40 }, (_, i) => archivedGame(i + 1));
const archive = new Map(handles.map((h, k) => [h, Array.from({ length: 30 }, (_, i) => {
  const opponent = handles[(k + 1 + (i % 5)) % 6];
  const [white, black] = i % 2 ? [opponent, h] : [h, opponent];
  return played[(k * 7 + i) % 40].replace('https://chess.example/g/1', `https://chess.example/g/${k + 2}`).replace('"@W"', `"${white}"`).replace('"@B"', `"${black}"`);
})]));

function moveTimeProfile(pgn, handle) {
  const game = new Chess();
  game.loadPgn(pgn);
  const side = game.header().White === handle ? 'w' : 'b';
  const clocks = game.getComments().map((c) => { const m = /%clk (\d+):(\d+):(\d+)/.exec(c.comment); return m ? { turn: c.fen.split(' ')[1] === 'w' ? 'b' : 'w', s: m[1] * 3600 + m[2] * 60 + +m[3] } : null; })
    .filter((c) => c && c.turn === side);
  const spent = clocks.slice(1).map((c, i) => clocks[i].s + 5 - c.s);
  const mean = spent.reduce((a, b) => a + b, 0) / (spent.length || 1);
  const sd = Math.sqrt(spent.reduce((a, b) => a + (b - mean) ** 2, 0) / (spent.length || 1));
  return { site: game.header().Site, colour: side === 'w' ? 'white' : 'black', moves: clocks.length, meanSeconds: Math.round(mean * 10) / 10, sdSeconds: Math.round(sd * 10) / 10 };
}

async function start() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET', path: '/players/{handle}/fair-play',
    options: { validate: { params: Joi.object({ handle: Joi.string().pattern(/^[a-z0-9_]{3,20}$/).required() }) } },
    handler: (request, h) => {
      const games = archive.get(request.params.handle);
      if (!games) return h.response({ error: 'unknown player' }).code(404);
      const profiles = games.map((pgn) => moveTimeProfile(pgn, request.params.handle));
      return { player: request.params.handle, games: profiles.length, uniformTiming: profiles.filter((p) => p.sdSeconds < 2).length, profiles };
    },
  });
  await server.start();
}
start();
