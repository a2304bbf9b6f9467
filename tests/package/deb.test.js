// Checks what the Debian package carries, without installing it: the Tauri
// bundler packs (a copy of) the debug binary that `cargo build -p wuzi-app`
// already made, so there is no release build here; then dpkg-deb reads the
// control file and unpacks the files into a temporary folder.
//
//   node --test --test-reporter=spec tests/package/
//
// Needs target/debug/wuzi-app (or $CARGO_TARGET_DIR/debug/wuzi-app), dpkg-deb
// and the Tauri CLI from tests/node_modules.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(here, '../..');
const TAURI = join(REPO, 'tests/node_modules/.bin/tauri');

const BINARY = 'wuzi-app';
const PACKAGE = 'wuzi';
const DESKTOP = 'usr/share/applications/Wuzi.desktop';
const ICON_SIZES = [32, 64, 128, 512];

function run(cmd, args, options = {}) {
  return execFileSync(cmd, args, { cwd: REPO, encoding: 'utf8', maxBuffer: 64 << 20, ...options });
}

function cargoMetadata() {
  const meta = JSON.parse(run('cargo', ['metadata', '--format-version', '1', '--no-deps', '--offline']));
  const app = meta.packages.find((p) => p.name === BINARY);
  assert.ok(app, `cargo metadata knows no package ${BINARY}`);
  return { version: app.version, targetDir: meta.target_directory };
}

/** Parses a desktop entry's [Desktop Entry] group into a Map of key -> value. */
function parseDesktopEntry(text) {
  const entries = new Map();
  let group = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[')) { group = line; continue; }
    if (group !== '[Desktop Entry]') continue;
    const eq = line.indexOf('=');
    assert.ok(eq > 0, `desktop entry line is not key=value: ${line}`);
    entries.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return entries;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path) {
  const bytes = readFileSync(path);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${path} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the .deb package', () => {
  let version;
  let deb;
  let work; // a temporary folder for the bundle and the unpacked files
  let root; // the package's files, unpacked
  let files; // the files dpkg-deb -c lists (no folders), without the leading ./

  before(() => {
    assert.ok(existsSync(TAURI), `${TAURI} is missing: run scripts/setup (npm ci in tests/)`);
    const meta = cargoMetadata();
    version = meta.version;
    const binary = join(meta.targetDir, 'debug', BINARY);
    assert.ok(existsSync(binary), `${binary} is missing: run cargo build -p ${BINARY} first`);

    // The bundler rewrites the binary it packs (even with --no-binary-patching
    // it writes it back afterwards), which fails while the app runs and would
    // race anyone starting it. So it packs a private copy, in a target folder
    // of its own.
    work = mkdtempSync(join(tmpdir(), 'wuzi-deb-'));
    mkdirSync(join(work, 'target/debug'), { recursive: true });
    copyFileSync(binary, join(work, 'target/debug', BINARY));
    chmodSync(join(work, 'target/debug', BINARY), 0o755);

    const arch = run('dpkg', ['--print-architecture']).trim();
    deb = join(work, 'target/debug/bundle/deb', `Wuzi_${version}_${arch}.deb`);
    const started = Date.now();
    run(TAURI, ['bundle', '--debug', '--bundles', 'deb', '--no-binary-patching', '--ci'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true', CARGO_TARGET_DIR: join(work, 'target') },
    });
    assert.ok(existsSync(deb), `the bundler did not write ${deb}`);
    console.log(`bundled ${deb} (${(statSync(deb).size / 1048576).toFixed(1)} MiB) in ${Date.now() - started} ms`);

    root = join(work, 'root');
    mkdirSync(root);
    run('dpkg-deb', ['-x', deb, root]);
    files = run('dpkg-deb', ['-c', deb])
      .split('\n')
      .filter((line) => line && !line.startsWith('d')) // files and links, not folders
      .map((line) => line.split(/\s+/).slice(5).join(' ').replace(/^\.\//, ''));
  });

  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const field = (name) => run('dpkg-deb', ['-f', deb, name]).trim();

  test('control file: Package, Version, Architecture, Section', () => {
    const fields = { Package: field('Package'), Version: field('Version'), Architecture: field('Architecture'), Section: field('Section') };
    console.log(fields);
    assert.equal(fields.Package, PACKAGE);
    assert.equal(fields.Version, version, 'Version is the workspace version ([workspace.package] in Cargo.toml)');
    assert.equal(fields.Architecture, run('dpkg', ['--print-architecture']).trim());
    assert.equal(fields.Section, 'games');
    assert.match(field('Description'), /Gomoku and Renju/);
  });

  test('control file: Depends names WebKitGTK, GTK and the other linked libraries', () => {
    const depends = field('Depends').split(',').map((d) => d.trim().split(' ')[0]);
    console.log('Depends:', depends.join(', '));
    for (const pkg of ['libwebkit2gtk-4.1-0', 'libgtk-3-0', 'libjavascriptcoregtk-4.1-0', 'libsoup-3.0-0', 'libglib2.0-0', 'libc6']) {
      assert.ok(depends.includes(pkg), `Depends lacks ${pkg}: ${depends.join(', ')}`);
    }
  });

  test('tauri.conf.json carries the workspace version', () => {
    const conf = JSON.parse(readFileSync(join(REPO, 'src-tauri/tauri.conf.json'), 'utf8'));
    assert.equal(conf.version, version, 'src-tauri/tauri.conf.json "version" differs from the workspace version');
    assert.equal(conf.bundle.android.minSdkVersion, 24);
  });

  test(`the binary is usr/bin/${BINARY}, executable`, () => {
    assert.ok(files.includes(`usr/bin/${BINARY}`), `usr/bin/${BINARY} is not in the package`);
    const mode = statSync(join(root, 'usr/bin', BINARY)).mode;
    assert.ok(mode & 0o111, `usr/bin/${BINARY} is not executable (mode ${mode.toString(8)})`);
    assert.ok(!files.includes('usr/bin/wuzi'), 'usr/bin/wuzi belongs to the command-line tool, not the app');
  });

  test('the desktop entry has both names, comments, the icon and the categories', () => {
    assert.ok(files.includes(DESKTOP), `${DESKTOP} is not in the package: ${files.filter((f) => f.endsWith('.desktop')).join(', ')}`);
    const entry = parseDesktopEntry(readFileSync(join(root, DESKTOP), 'utf8'));
    console.log(Object.fromEntries(entry));
    assert.equal(entry.get('Type'), 'Application');
    assert.equal(entry.get('Name'), 'Wuzi');
    assert.equal(entry.get('Name[zh_CN]'), '五子');
    assert.ok(entry.get('Comment'), 'no Comment');
    assert.match(entry.get('Comment[zh_CN]') ?? '', /五子棋/, 'no Chinese Comment[zh_CN]');
    assert.equal(entry.get('Exec'), BINARY);
    assert.equal(entry.get('Icon'), BINARY);
    assert.equal(entry.get('Categories'), 'Game;BoardGame;');
    assert.equal(entry.get('Terminal'), 'false');
  });

  test('the desktop entry passes desktop-file-validate', () => {
    // scripts/setup installs it (desktop-file-utils).
    run('desktop-file-validate', [join(root, DESKTOP)]);
  });

  test('the icons are under usr/share/icons/hicolor/<size>/apps/, at their sizes', () => {
    const icons = files.filter((f) => /^usr\/share\/icons\/hicolor\/[^/]+\/apps\/[^/]+\.png$/.test(f));
    console.log('icons:', icons.join(', '));
    for (const size of ICON_SIZES) {
      const path = `usr/share/icons/hicolor/${size}x${size}/apps/${BINARY}.png`;
      assert.ok(files.includes(path), `${path} is not in the package`);
      assert.deepEqual(pngSize(join(root, path)), { width: size, height: size }, `${path} is not ${size}x${size}`);
    }
  });

  test('nothing outside usr/bin, usr/share/applications and usr/share/icons', () => {
    const stray = files.filter((f) => !/^usr\/(bin|share\/applications|share\/icons)\//.test(f));
    assert.deepEqual(stray, []);
    assert.deepEqual(readdirSync(root).sort(), ['usr']);
  });
});
