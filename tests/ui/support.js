// Shared set-up for the UI tests: ui/ served on 127.0.0.1, Debian's Chromium
// driven by playwright-core, and a fake of the Rust side answering the IPC.

import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const UI_DIR = resolve(here, '../../ui');
export const OUTPUT_DIR = resolve(here, '../output/ui');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.wav': 'audio/wav',
};

/** Serves ui/ on a free port of 127.0.0.1; resolves to { url, close }. */
export async function serveUi() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = join(UI_DIR, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(UI_DIR)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(ok)) };
}

/** Launches Debian's Chromium headless, with nothing reaching out to the network. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
}

/** The viewports every screen is tested at. */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

/**
 * A stand-in for the Rust side, installed before the page's own scripts.
 * It answers the same commands with the same shapes so the UI can be tested
 * alone; the real rules are tested in Rust and in the real app.
 */
function fakeBackend() {
  let size = 15;
  let stones = [];
  const view = () => ({
    size,
    stones: stones.map((s, i) => ({ ...s, number: i + 1 })),
    to_move: stones.length % 2 ? 'white' : 'black',
    last: stones.length ? { x: stones.at(-1).x, y: stones.at(-1).y } : null,
    black_count: stones.filter((s) => s.stone === 'black').length,
    white_count: stones.filter((s) => s.stone === 'white').length,
  });
  const calls = [];
  const commands = {
    game_view: () => view(),
    new_game: (args) => {
      size = args.size ?? 15;
      stones = [];
      return view();
    },
    play: ({ x, y }) => {
      if (x < 0 || y < 0 || x >= size || y >= size) {
        throw { kind: 'off_board', message: `(${x}, ${y}) is off the board` };
      }
      const there = stones.find((s) => s.x === x && s.y === y);
      if (there) throw { kind: 'occupied', message: `${x},${y} already holds a ${there.stone} stone` };
      stones.push({ x, y, stone: stones.length % 2 ? 'white' : 'black' });
      return view();
    },
  };
  window.__fakeIpc = { calls };
  window.__TAURI__ = {
    core: {
      invoke: async (cmd, args = {}) => {
        calls.push({ cmd, args });
        const handler = commands[cmd];
        if (!handler) throw `command ${cmd} not found`;
        return structuredClone(handler(args));
      },
    },
  };
}

/** Opens the UI in a new context at `viewport` with the fake backend; returns { context, page }. */
export async function openUi(browser, url, { viewport = 'desktop', locale = 'en-US', colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], locale, colorScheme });
  await context.addInitScript(fakeBackend);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto(url);
  await page.locator('.board .hit').first().waitFor();
  return { context, page, errors };
}

/** Saves a screenshot under tests/output/ui/. */
export async function screenshot(page, name) {
  await mkdir(OUTPUT_DIR, { recursive: true });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`) });
}
