// What the diagnosis reads from the app's folder: source lines, the package a file belongs to
// (name and version from its package.json: plain, scoped, nested and pnpm layouts), which names
// a file binds to which module (require and import), and whether a package is a native addon.
// Every read is cached and fails soft: a file that is gone reads as nothing.

import fs from 'node:fs';
import path from 'node:path';
import { argumentsAt, codeOnly, functionEnd, definedAt } from './js-scan.js';
import { regexNames, LITERAL_BODY } from './regex-names.js';

/**
 * @typedef {{name: string, version: string | null, dir: string, keywords: string[], description: string, main: string | null,
 *   types: string | null, dependsOn: string[]}} PackageInfo dependsOn: its dependencies' and peer dependencies' names
 */

const NODE_MODULES = /[\\/]node_modules[\\/]/g;
// Packages whose presence among a package's dependencies says it loads a compiled addon.
const ADDON_LOADERS = new Set(['bindings', 'node-gyp-build', 'prebuild-install', 'node-addon-api', 'nan', '@mapbox/node-pre-gyp', 'node-pre-gyp', 'prebuildify', 'cmake-js', 'node-gyp-build-optional-packages', 'pkg-prebuilds']);
// Node's own modules whose functions are synchronous native code with no JavaScript frame.
const NATIVE_BUILTINS = new Set(['node:sqlite']);
// a call of the Function constructor, on anything but one string literal (blanked by codeOnly)
const CODEGEN = /(?<![\w$.])Function\s*\((?!\s*(['"`])\s*\1\s*\))/;
// one of the Intl API's constructors (`Intl.NumberFormat.supportedLocalesOf` resolves locales as a new one does)
const INTL_OBJECT = /(?<![\w$.])Intl\s*\.\s*(?:NumberFormat|DateTimeFormat|PluralRules|Collator|RelativeTimeFormat|ListFormat|DisplayNames|Segmenter)\b/;
// the locale methods of numbers, dates, arrays and strings: V8 keeps one Intl object for a call given no
// options and makes a new one for each call given options (20-80 µs against 0.5, Node 20, 22 and 24)
const LOCALE_CALL = /\.\s*(toLocale(?:Date|Time)?String|localeCompare)\s*\(/g;
// a regular expression made from a source computed at run time (`new RegExp(astToSource(ast))`), not a literal's
const MAKES_REGEXP = /(?<![\w$.])RegExp\s*\(\s*(?!['"`/)])/;
// ...kept on the object the function builds (`this.regex = new RegExp(...)`): the object is the compiled pattern
const KEEPS_REGEXP = /(?<![\w$.])this\s*\.\s*[\w$]+\s*=\s*(?:new\s+)?RegExp\s*\(\s*(?!['"`/)])/;
const CODEGEN_LINES = 400;
// a function's result that is another function's, called by a bare name: `return restore(source, schema)`
const RETURNS_CALL = /(?<![\w$.])return\s+([A-Za-z_$][\w$]*)\s*\(/g;
const ONE_LINE_CHARS = 300;

export class AppSources {
  constructor() {
    /** @type {Map<string, string[] | null>} */ this.files = new Map();
    /** @type {Map<string, string[] | null>} */ this.code = new Map();
    /** @type {Map<string, PackageInfo | null>} */ this.packages = new Map();
    /** @type {Map<string, Map<string, string>>} */ this.bindingCache = new Map();
    /** @type {Map<string, Map<string, string>>} */ this.handleCache = new Map();
    /** @type {Map<string, Map<string, string>>} */ this.importCache = new Map();
    /** @type {Map<string, boolean>} */ this.natives = new Map();
    /** @type {Map<string, boolean>} */ this.addonNameCache = new Map();
    /** @type {Map<string, Map<string, string>>} */ this.regexCache = new Map();
    /** @type {Map<string, Set<string>>} */ this.importedCache = new Map();
    /** @type {Map<string, boolean>} */ this.codegenCache = new Map();
    /** @type {Map<string, string>} a source map's copy of a source, read when the file is not on disk */ this.embedded = new Map();
    /** @type {Map<string, string>} a package's module inside a bundle built without a map -> the bundle */ this.aliases = new Map();
  }

  /** A package module's path inside a bundle (source-maps.js bundledAt): its text is the bundle's. @param {string} file @param {string} bundle */
  alias(file, bundle) {
    this.aliases.set(file, bundle);
  }

  /** A source's text as a source map carries it (a bundle shipped without its sources). @param {string} file @param {string} text */
  embed(file, text) {
    if (this.embedded.has(file)) return;
    this.embedded.set(file, text);
    // read before its map was: not found then
    if (this.files.get(file) === null) this.files.delete(file);
    if (this.code.get(file) === null) this.code.delete(file);
  }

  /**
   * Whether the function that starts at (line, column) of a file makes code at run time: its body
   * calls `new Function(` or `Function(` on code it built (doT's and underscore's `template`), not
   * on one string literal (`Function('return this')`, the global object's idiom). A function on
   * one long line (minified) is not read: where it ends is not known.
   * @param {string} file @param {number} line 1-based @param {number} column 1-based
   */
  generatesCode(file, line, column) {
    return this.bodyMatches(CODEGEN, file, line, column);
  }

  /**
   * Whether the function that starts at (line, column) of a file returns what a code maker makes of what
   * it built: djv's `generate` builds a validator's source and ends `return restore(source, schema,
   * options)`, where `restore` calls `new Function`. All its work is making code. The maker is a function
   * of the same file, or one the file requires from a file beside it.
   * @param {string} file @param {number} line 1-based @param {number} column 1-based
   */
  returnsMadeCode(file, line, column) {
    const key = `return\0${file}\0${line}\0${column}`;
    let known = this.codegenCache.get(key);
    if (known === undefined) {
      this.codegenCache.set(key, false);
      known = [...this.bodyOf(file, line, column).matchAll(RETURNS_CALL)].some((m) => {
        const at = this.definitionOf(file, m[1]);
        return at !== null && this.generatesCode(at.file, at.line + 1, at.column + 1);
      });
      this.codegenCache.set(key, known);
    }
    return known;
  }

  /**
   * Where a function a file calls by a bare name is defined: in the file, or in a file it requires by a
   * relative path (`const { restore } = require('./template')`). Lines 0-based.
   * @param {string} file @param {string} name @returns {{file: string, line: number, column: number} | null}
   */
  definitionOf(file, name) {
    const here = this.codeLines(file);
    const own = here ? definedAt(here, name) : null;
    if (own) return { file, ...own };
    const spec = this.importsOf(file).get(name);
    if (!spec || !spec.startsWith('.')) return null;
    const base = path.resolve(path.dirname(file), spec);
    for (const f of [base, `${base}.js`, `${base}.cjs`, path.join(base, 'index.js')]) {
      const code = /\.c?js$/.test(f) ? this.codeLines(f) : null;
      const at = code ? definedAt(code, name) : null;
      if (at) return { file: f, ...at };
    }
    return null;
  }

  /**
   * Whether the function that starts at (line, column) of a file makes one of the Intl API's locale
   * objects (`new Intl.NumberFormat(`, `Intl.PluralRules`, tslib's `(_a = Intl.DateTimeFormat).bind`), or
   * calls a locale method with options, which makes one each time (dinero.js's `toFormat` ends in
   * `.toLocaleString(this.getLocale(), { style, currency, ... })`): V8 loads and resolves the locale's data for each new one, tens of microseconds to milliseconds
   * against the microsecond of a format with one made before. The profile shows no frame for
   * the constructor (a builtin): its time is this function's own.
   * @param {string} file @param {number} line 1-based @param {number} column 1-based
   */
  makesIntlObject(file, line, column) {
    return this.bodyMatches(INTL_OBJECT, file, line, column) || this.bodyTest('locale-call', localeCallWithOptions, file, line, column);
  }

  /**
   * Whether the function that starts at (line, column) of a file makes a regular expression from a
   * source it computes (`this.regex = new RegExp(astNodeToRegexString(this.ast))`): each call makes a new
   * one, which V8 compiles on its first run.
   * @param {string} file @param {number} line 1-based @param {number} column 1-based
   */
  makesRegExp(file, line, column) {
    return this.bodyMatches(MAKES_REGEXP, file, line, column);
  }

  /**
   * Whether that function keeps such a regex on the object it builds (url-pattern's constructor:
   * `this.regex = new RegExp(...)`): building the object is compiling the pattern.
   * @param {string} file @param {number} line 1-based @param {number} column 1-based
   */
  keepsRegExp(file, line, column) {
    return this.bodyMatches(KEEPS_REGEXP, file, line, column);
  }

  /**
   * Whether the body of the function that starts at (line, column) holds code `re` matches, read
   * with strings and comments blanked, at most CODEGEN_LINES lines; cached by `re` and position.
   * @param {RegExp} re @param {string} file @param {number} line 1-based @param {number} column 1-based
   */
  bodyMatches(re, file, line, column) {
    return this.bodyTest(re.source, (body) => re.test(body), file, line, column);
  }

  /**
   * Whether `test` holds for the body of the function that starts at (line, column) (see bodyOf); cached by `name` and position.
   * @param {string} name @param {(body: string) => boolean} test @param {string} file @param {number} line 1-based @param {number} column 1-based
   */
  bodyTest(name, test, file, line, column) {
    const key = `${name}\0${file}\0${line}\0${column}`;
    let known = this.codegenCache.get(key);
    if (known === undefined) {
      known = test(this.bodyOf(file, line, column));
      this.codegenCache.set(key, known);
    }
    return known;
  }

  /**
   * The body of the function that starts at (line, column) of a file, strings and comments blanked, at most
   * CODEGEN_LINES lines ('' when unknown or minified). @param {string} file @param {number} line 1-based @param {number} column 1-based
   */
  bodyOf(file, line, column) {
    const code = this.codeLines(file);
    if (!code || line < 1 || line > code.length) return '';
    const start = line - 1;
    const end = functionEnd(code, start, Math.max(0, column - 1), CODEGEN_LINES);
    return end > start ? code.slice(start, end + 1).join('\n') : code[start].length <= ONE_LINE_CHARS ? code[start].slice(Math.max(0, column - 1)) : '';
  }

  /**
   * The folders of the packages a file imports by name (its bindings, below), as they resolve from
   * it, links resolved.
   * @param {string} file @returns {Set<string>}
   */
  importedPackageDirs(file) {
    let dirs = this.importedCache.get(file);
    if (!dirs) {
      dirs = new Set();
      for (const spec of new Set(this.bindingsOf(file).values())) {
        if (spec.startsWith('node:') || spec.startsWith('.') || spec.startsWith('/')) continue;
        const dir = this.resolvePackage(spec, file)?.dir;
        if (dir) dirs.add(realDir(dir)); // as the profile names its files (a linked node_modules resolved)
      }
      this.importedCache.set(file, dirs);
    }
    return dirs;
  }

  /** The regular expressions the file keeps under a name (regex-names.js). @param {string} file */
  regexNames(file) {
    file = this.aliases.get(file) ?? file;
    let names = this.regexCache.get(file);
    if (!names) {
      const code = this.lines(file);
      names = code ? regexNames(code) : new Map();
      // a name bound to a module of the package's own that exports one regex literal and nothing else
      // (no-case's `var CAMEL_CASE_REGEXP = require('./vendor/camel-case-regexp')`)
      if (code) {
        for (const [name, spec] of this.importsOf(file)) {
          if (names.has(name) || !/^\.\.?\//.test(spec)) continue;
          const pattern = exportedRegex(this, path.resolve(path.dirname(file), spec));
          if (pattern !== null) names.set(name, pattern);
        }
      }
      this.regexCache.set(file, names);
    }
    return names;
  }

  /**
   * Whether the compiled addon of the package in `dir` (its `.node` for this platform) names
   * `name` as a whole word: an addon exports its functions under their names (a C string in the
   * binary), so a sibling the package has no declaration of can still be found. The answer is
   * kept, not the binary (it may be tens of MB, and the production agent lives as long as the app).
   * @param {string} dir @param {string} name
   */
  addonNames(dir, name) {
    const key = `${dir}\0${name}`;
    const known = this.addonNameCache.get(key);
    if (known !== undefined) return known;
    const needle = Buffer.from(name);
    const found = addonBinaries(dir).some((buf) => {
      for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + 1)) {
        if (!isWordByte(buf[at - 1]) && !isWordByte(buf[at + needle.length])) return true;
      }
      return false;
    });
    this.addonNameCache.set(key, found);
    return found;
  }

  /** The file's lines, or null. @param {string} file */
  lines(file) {
    file = this.aliases.get(file) ?? file;
    if (!this.files.has(file)) {
      let lines = null;
      try {
        if (path.isAbsolute(file)) lines = fs.readFileSync(file, 'utf8').split('\n');
      } catch {
        lines = null; // gone, or not a file (eval code, a URL)
      }
      const embedded = lines ? undefined : this.embedded.get(file);
      if (embedded !== undefined) lines = embedded.split('\n');
      this.files.set(file, lines);
    }
    return this.files.get(file) ?? null;
  }

  /** The file's lines with strings and comments blanked, or null. @param {string} file */
  codeLines(file) {
    file = this.aliases.get(file) ?? file;
    if (!this.code.has(file)) {
      const lines = this.lines(file);
      this.code.set(file, lines ? codeOnly(lines) : null);
    }
    return this.code.get(file) ?? null;
  }

  /**
   * The package a file inside node_modules belongs to (the innermost node_modules folder).
   * @param {string} file @returns {PackageInfo | null}
   */
  packageOf(file) {
    const dir = packageDir(file);
    if (!dir) return null;
    if (!this.packages.has(dir)) {
      const bundle = this.aliases.get(file);
      // a package inside a bundle: its package.json is the one the bundle's folder resolves, if any
      const installed = bundle ? this.resolvePackage(packageNameIn(dir), bundle) : null;
      this.packages.set(dir, installed ? { ...installed, dir } : readPackage(dir, packageNameIn(dir)));
    }
    return this.packages.get(dir) ?? null;
  }

  /**
   * The names a file binds to modules: `const x = require('m')`, `const {a, b: c} = require('m')`,
   * `import x from 'm'`, `import * as x`, `import {a as b}`, `import x = require('m')`; and names
   * made from those (`const db = new Database()`, `this.db = new Database()`). name -> specifier.
   * @param {string} file @returns {Map<string, string>}
   */
  bindingsOf(file) {
    return this.parsedOnce(this.bindingCache, file, parseBindings);
  }

  /** The names the file's imports bind themselves (its bindings less the names made from them). @param {string} file @returns {Map<string, string>} */
  importsOf(file) {
    return this.parsedOnce(this.importCache, file, importsOf);
  }

  /**
   * The names made one step further, from a made name (`const Product = sequelize.define(...)`,
   * `const stmt = db.prepare(...)`, `const users = client.db().collection('users')`): an ORM's model,
   * a prepared statement, a collection, or plain data (`rows = stmt.all()`): read where they cannot be
   * mistaken (pool-app-line.js: a call in the request's handler, or of a method the stack names).
   * name -> specifier. @param {string} file @returns {Map<string, string>}
   */
  handlesOf(file) {
    return this.parsedOnce(this.handleCache, file, parseHandles);
  }

  /**
   * What `parse` reads from a file's text, read once. @param {Map<string, Map<string, string>>} cache
   * @param {string} file @param {(text: string) => Map<string, string>} parse
   */
  parsedOnce(cache, file, parse) {
    file = this.aliases.get(file) ?? file;
    let found = cache.get(file);
    if (!found) {
      found = parse((this.lines(file) ?? []).join('\n'));
      cache.set(file, found);
    }
    return found;
  }

  /**
   * Whether a file defines or exports a function by this name (`function hash(`, `x.hash = `,
   * `hash: function`, `{ hash, ...}` in an export list).
   * @param {string} file @param {string} name
   */
  definesName(file, name) {
    const code = this.codeLines(file);
    if (!code || !/^[\w$]+$/.test(name)) return false;
    const re = new RegExp(`(?:function\\s*\\*?\\s+${name}\\s*\\(|[.\\s]${name}\\s*=\\s*(?:async\\s+)?(?:function|\\()|[{,]\\s*${name}\\s*[,}:(]|^\\s*(?:async\\s+)?${name}\\s*\\([^)]*\\)\\s*\\{)`);
    return code.some((l) => re.test(l));
  }

  /**
   * The package a file would load by the name `name` (node_modules folders up from the file).
   * @param {string} name @param {string} fromFile @returns {PackageInfo | null}
   */
  resolvePackage(name, fromFile) {
    const dir = resolvePackageDir(rootName(name), path.dirname(fromFile));
    if (!dir) return null;
    if (!this.packages.has(dir)) this.packages.set(dir, readPackage(dir, rootName(name)));
    return this.packages.get(dir) ?? null;
  }

  /**
   * The compiled addons among the dependencies of the project a file belongs to (its nearest
   * package.json outside node_modules): how a native call made inside a package (an ORM calling
   * its driver) is put to the addon the app installed.
   * @param {string} fromFile @returns {string[]}
   */
  projectAddons(fromFile) {
    let dir = path.dirname(fromFile);
    while (/[\\/]node_modules([\\/]|$)/.test(dir)) dir = path.dirname(dir);
    for (let d = dir; ; d = path.dirname(d)) {
      let json = null;
      try {
        json = JSON.parse(fs.readFileSync(path.join(d, 'package.json'), 'utf8'));
      } catch {
        json = null;
      }
      if (json) return Object.keys({ ...json.dependencies, ...json.optionalDependencies }).filter((name) => this.isNative(name, path.join(d, 'x.js')));
      if (path.dirname(d) === d) return [];
    }
  }

  /**
   * Whether a module, as a file requires it, is a compiled addon (or one of Node's modules that
   * run synchronous native code, node:sqlite).
   * @param {string} specifier @param {string} fromFile
   */
  isNative(specifier, fromFile) {
    if (NATIVE_BUILTINS.has(specifier)) return true;
    if (specifier.startsWith('node:') || specifier.startsWith('.') || specifier.startsWith('/')) return false;
    const name = rootName(specifier);
    const key = `${path.dirname(fromFile)}\0${name}`;
    if (!this.natives.has(key)) {
      const dir = resolvePackageDir(name, path.dirname(fromFile));
      this.natives.set(key, dir !== null && isAddonPackage(dir));
    }
    return this.natives.get(key) ?? false;
  }
}

// a module that is one regex literal: `module.exports = /.../u`, `export default /.../`
const REGEX_MODULE = new RegExp(String.raw`^\s*(?:module\.exports\s*=|export\s+default)\s*\/(${LITERAL_BODY})\/[dgimsuvy]*\s*;?\s*$`);

/**
 * Whether code calls a locale method with options (`n.toLocaleString(locale, { style: 'currency' })`,
 * `a.localeCompare(b, locale, { numeric: true })`): each such call makes a new Intl object.
 * @param {string} body codeOnly text
 */
function localeCallWithOptions(body) {
  for (const m of body.matchAll(LOCALE_CALL)) {
    const args = argumentsAt(body, (m.index ?? 0) + m[0].length).filter((a) => a.trim() !== '');
    if (args.length >= (m[1] === 'localeCompare' ? 3 : 2)) return true;
  }
  return false;
}

/**
 * The pattern a relative module exports when it is a regex literal and nothing else, or null.
 * @param {AppSources} sources @param {string} base the module's path as the require names it
 */
function exportedRegex(sources, base) {
  for (const file of [base, `${base}.js`, `${base}.cjs`, `${base}.mjs`, path.join(base, 'index.js')]) {
    const code = sources.codeLines(file);
    if (!code) continue;
    const text = code.filter((l) => l.trim()).join('\n');
    return REGEX_MODULE.exec(text)?.[1] ?? null;
  }
  return null;
}

/** @param {string} dir */
function realDir(dir) {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir;
  }
}

/** The folder of the package a file is in, or null. @param {string} file */
export function packageDir(file) {
  let last = -1;
  let m;
  NODE_MODULES.lastIndex = 0;
  while ((m = NODE_MODULES.exec(file))) last = m.index + m[0].length;
  if (last < 0) return null;
  const rest = file.slice(last).split(/[\\/]/);
  const parts = rest[0].startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1);
  if (!parts[0] || parts[0].startsWith('.') || parts.length < (rest[0].startsWith('@') ? 2 : 1)) return null;
  return file.slice(0, last) + parts.join(path.sep);
}

/** "@scope/name" or "name" of a package folder. @param {string} dir */
function packageNameIn(dir) {
  const parts = dir.split(/[\\/]/);
  const name = parts[parts.length - 1];
  const scope = parts[parts.length - 2];
  return scope?.startsWith('@') ? `${scope}/${name}` : name;
}

/** "@scope/name" of "@scope/name/sub", "name" of "name/sub". @param {string} specifier */
export function rootName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** @param {string} dir @param {string} fallbackName @returns {PackageInfo} */
function readPackage(dir, fallbackName) {
  let json = /** @type {any} */ ({});
  try {
    json = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  } catch {
    // no package.json (a bundled or vendored copy): the folder's name only
  }
  return {
    name: typeof json.name === 'string' && json.name ? json.name : fallbackName,
    version: typeof json.version === 'string' ? json.version : null,
    dir,
    keywords: Array.isArray(json.keywords) ? json.keywords.filter((/** @type {unknown} */ k) => typeof k === 'string').map((/** @type {string} */ k) => k.toLowerCase()) : [],
    description: typeof json.description === 'string' ? json.description : '',
    main: typeof json.main === 'string' ? json.main : null,
    types: typeof json.types === 'string' ? json.types : typeof json.typings === 'string' ? json.typings : null,
    dependsOn: [json.dependencies, json.peerDependencies].flatMap((d) => (d && typeof d === 'object' ? Object.keys(d) : [])),
  };
}

/** The folder node would load package `name` from, looking up from `dir`. @param {string} name @param {string} dir */
function resolvePackageDir(name, dir) {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(d) === d) return null;
  }
}

/**
 * Whether a package is a compiled addon, by the marks every way of shipping one leaves: a
 * node-gyp build (binding.gyp, gypfile), node-pre-gyp's `binary`, a loader among its dependencies,
 * an N-API build's `napi` field, a `.node` file of its own (top level, build/Release, prebuilds/*),
 * or a platform package (one with `os` or `cpu`) holding the `.node` among its optional dependencies.
 * @param {string} dir
 */
function isAddonPackage(dir) {
  try {
    if (fs.existsSync(path.join(dir, 'binding.gyp'))) return true;
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (json.gypfile === true || json.binary || (json.napi && typeof json.napi === 'object')) return true;
    const deps = { ...json.dependencies, ...json.optionalDependencies };
    if (Object.keys(deps).some((d) => ADDON_LOADERS.has(d))) return true;
    if (holdsAddonFile(dir)) return true;
    return Object.keys(json.optionalDependencies ?? {}).some((name) => {
      const platformDir = resolvePackageDir(name, dir);
      return platformDir !== null && isPlatformAddon(platformDir);
    });
  } catch {
    return false;
  }
}

/** A package built for one platform (`os` or `cpu` in its package.json) that holds a `.node` file. @param {string} dir */
function isPlatformAddon(dir) {
  try {
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return (Array.isArray(json.os) || Array.isArray(json.cpu)) && holdsAddonFile(dir);
  } catch {
    return false;
  }
}

/** @param {number | undefined} b */
const isWordByte = (b) => b !== undefined && ((b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b === 95 || b === 36);

/**
 * The `.node` files this platform loads from a package: at its top, in build/Release, in
 * prebuilds/<platform>-<arch>, or in the platform package among its optional dependencies.
 * @param {string} dir @returns {Buffer[]}
 */
function addonBinaries(dir) {
  const here = [dir, path.join(dir, 'build', 'Release'), path.join(dir, 'prebuilds', `${process.platform}-${process.arch}`)];
  try {
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const name of Object.keys(json.optionalDependencies ?? {})) {
      const platformDir = resolvePackageDir(name, dir);
      if (platformDir !== null && isPlatformAddon(platformDir)) here.push(platformDir);
    }
  } catch {
    // no package.json: its folders only
  }
  /** @type {Buffer[]} */
  const out = [];
  for (const d of here) {
    try {
      for (const f of fs.readdirSync(d)) if (f.endsWith('.node')) out.push(fs.readFileSync(path.join(d, f)));
    } catch {
      // not there
    }
  }
  return out;
}

/** A `.node` file at the top of a package, in build/Release or one level into prebuilds/. @param {string} dir */
function holdsAddonFile(dir) {
  const isAddon = (/** @type {string} */ d) => {
    try {
      return fs.readdirSync(d).some((f) => f.endsWith('.node'));
    } catch {
      return false;
    }
  };
  if (isAddon(dir) || isAddon(path.join(dir, 'build', 'Release'))) return true;
  try {
    return fs.readdirSync(path.join(dir, 'prebuilds')).some((d) => isAddon(path.join(dir, 'prebuilds', d)));
  } catch {
    return false;
  }
}

const SPEC = String.raw`['"]([^'"\n]+)['"]`;
// TypeScript's annotation of the name may come between it and the require (`const nspell: (d: Dictionary) => Speller = require('nspell')`)
const TYPED = String.raw`(?:\s*:[^;\n]+?)?`;
const REQUIRE_ONE = new RegExp(String.raw`(?:const|let|var)\s+([\w$]+)${TYPED}\s*=\s*(?:await\s+)?(?:require|import)\(\s*${SPEC}\s*\)`, 'g');
const REQUIRE_SOME = new RegExp(String.raw`(?:const|let|var)\s*\{([^}]*)\}${TYPED}\s*=\s*(?:await\s+)?(?:require|import)\(\s*${SPEC}\s*\)`, 'g');
const IMPORT_FROM = new RegExp(String.raw`import\s+(?:type\s+)?([^'";]*?)\s+from\s+${SPEC}`, 'g');
const IMPORT_EQUALS = new RegExp(String.raw`import\s+([\w$]+)\s*=\s*require\(\s*${SPEC}\s*\)`, 'g');
const DERIVED = /(?:(?:const|let|var)\s+([\w$]+)|(this\.[\w$]+)|^\s*([\w$]+))\s*(?::\s*[\w$.<>[\]]+\s*)?=\s*(?:await\s+)?(?:new\s+)?([\w$]+)\b/gm;

/**
 * name -> module specifier, for the bindings of a source file (see AppSources#bindingsOf).
 * @param {string} text @returns {Map<string, string>}
 */
export function parseBindings(text) {
  const imported = importsOf(text);
  // names made from an imported one (db = new Database(), app = express()), and classes that extend
  // one (class Invoice extends Model: its static methods are the package's); one step only: what
  // such an object's methods return (rows = stmt.all()) may be plain data (parseHandles)
  return new Map([...imported, ...madeFrom(text, imported, imported), ...extending(text, imported)]);
}

const EXTENDS = /\bclass\s+([\w$]+)\s+extends\s+([\w$]+)\b/g;

/** Classes declared as extending one of `from` (`class Invoice extends Model`, `extends objection.Model`). @param {string} text @param {Map<string, string>} from */
function extending(text, from) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const m of text.matchAll(EXTENDS)) {
    const spec = from.get(m[2]);
    if (spec && !from.has(m[1]) && !out.has(m[1])) out.set(m[1], spec);
  }
  return out;
}

/**
 * The names made from a made name (see AppSources#handlesOf). name -> specifier.
 * @param {string} text @returns {Map<string, string>}
 */
export function parseHandles(text) {
  const imported = importsOf(text);
  const made = madeFrom(text, imported, imported);
  return madeFrom(text, made, new Map([...imported, ...made]));
}

/** The names a file binds to modules by require or import. @param {string} text */
function importsOf(text) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const m of text.matchAll(REQUIRE_ONE)) out.set(m[1], m[2]);
  for (const m of text.matchAll(IMPORT_EQUALS)) out.set(m[1], m[2]);
  for (const m of text.matchAll(REQUIRE_SOME)) for (const name of destructured(m[1], ':')) out.set(name, m[2]);
  for (const m of text.matchAll(IMPORT_FROM)) {
    const clause = m[1];
    const braces = /\{([^}]*)\}/.exec(clause);
    if (braces) for (const name of destructured(braces[1], ' as ')) out.set(name, m[2]);
    const rest = clause.replace(/\{[^}]*\}/, '').split(',').map((s) => s.trim()).filter(Boolean);
    for (const part of rest) {
      const star = /^\*\s+as\s+([\w$]+)$/.exec(part);
      if (star) out.set(star[1], m[2]);
      else if (/^[\w$]+$/.test(part)) out.set(part, m[2]);
    }
  }
  return out;
}

/**
 * The names assigned from an expression that begins with one of `from` (`x = [await] [new] name...`),
 * but those in `known`. @param {string} text @param {Map<string, string>} from @param {Map<string, string>} known
 */
function madeFrom(text, from, known) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const m of text.matchAll(DERIVED)) {
    const name = m[1] ?? m[2] ?? m[3];
    const spec = from.get(m[4]);
    if (name && spec && !known.has(name) && !out.has(name)) out.set(name, spec);
  }
  return out;
}

/** @param {string} list "a, b: c" @param {string} rename ':' or ' as ' */
function destructured(list, rename) {
  return list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const i = s.indexOf(rename);
    return (i >= 0 ? s.slice(i + rename.length) : s).trim().replace(/\s*=.*$/, '');
  }).filter((s) => /^[\w$]+$/.test(s));
}
