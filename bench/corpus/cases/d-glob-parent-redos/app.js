// h3 on node:http: a preview-build service reports, for each glob in a project's watch config, the
// folder a watcher would have to watch, with glob-parent 5.1.1 (as chokidar and fast-glob use it).
// One project's config holds a crafted glob: '{' then a long run of slashes (CVE-2020-28469).
'use strict';
const http = require('node:http');
const { createApp, createRouter, defineEventHandler, toNodeListener } = require('h3');
const globParent = require('glob-parent');

const project = {
  name: 'docs-site',
  watch: ['src/**/*.{js,ts}', 'content/{guides,api}/**/*.md', 'public/*.png', `assets/{${'/'.repeat(900)}`],
};

const router = createRouter()
  .get('/health', defineEventHandler(() => 'ok'))
  .get('/x', defineEventHandler(() => {
    const bases = project.watch.map((glob) => globParent(glob));
    return { project: project.name, watch: [...new Set(bases)] };
  }));

const app = createApp();
app.use(router);
http.createServer(toNodeListener(app)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
