const path = require('path');

module.exports = {
  target: 'node',
  mode: 'production',
  entry: './app.js',
  devtool: 'source-map',
  output: { path: path.resolve(__dirname, 'dist'), filename: 'server.js' },
};
