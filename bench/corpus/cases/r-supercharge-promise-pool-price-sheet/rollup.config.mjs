import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import resolve from '@rollup/plugin-node-resolve';

export default {
  input: 'app.js',
  output: { file: 'dist/server.cjs', format: 'cjs', sourcemap: true },
  external: [/^node:/],
  plugins: [resolve({ preferBuiltins: true, exportConditions: ['node'] }), commonjs(), json()],
};
