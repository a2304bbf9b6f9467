// Shared set-up for the UI tests: ui/ served on 127.0.0.1, Debian's Chromium
// driven by playwright-core, and a fake of the Rust side answering the IPC.

import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const UI_DIR = resolve(here, '../../ui');
export const OUTPUT_DIR = resolve(here, '../output/ui');

/** The app's CSP (src-tauri/tauri.conf.json), so a violation shows up here as a console error. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
  + "media-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

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
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP });
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

export const FAKE_BACKEND = join(here, 'fake-backend.js');

/**
 * Opens the UI in a new context at `viewport` with the fake backend (shaped
 * by `fake`, see fake-backend.js); waits for the first screen. Returns
 * { context, page, errors }.
 */
export async function openUi(browser, url, {
  viewport = 'desktop', locale = 'en-US', colorScheme = 'light', reducedMotion = 'no-preference', fake = {},
} = {}) {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], locale, colorScheme, reducedMotion });
  await context.addInitScript((options) => { window.__fakeOptions = options; }, fake);
  await context.addInitScript({ path: FAKE_BACKEND });
  context.setDefaultTimeout(5000);
  const page = await context.newPage();
  page.touch = viewport === 'phone';
  const errors = [];
  page.on('pageerror', (err) => errors.push(err));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.screen);
  return { context, page, errors };
}

/** The commands the page has sent so far, optionally only those named `cmd`. */
export function calls(page, cmd) {
  return page.evaluate((name) => window.__fakeIpc.calls.filter((c) => !name || c.cmd === name), cmd);
}

/** Starts a game from Home through the new-game screen. */
export async function newGame(page, { mode = 'human_human', rule, size, colour, level } = {}) {
  if (!(await page.locator('#screen-new-game').isVisible())) {
    if (!(await page.locator('#screen-home').isVisible())) await page.locator('#nav-home').click();
    await page.locator('#new-game').click();
  }
  await page.locator(`#new-game-mode input[value="${mode}"]`).check();
  if (colour) await page.locator(`#new-game-colour input[value="${colour}"]`).check();
  if (level) await page.locator('#new-game-level').selectOption(level);
  if (rule) await page.locator('#new-game-rule').selectOption(rule);
  if (size) await page.locator('#new-game-size').selectOption(String(size));
  await page.locator('#new-game-start').click();
  await page.locator('#screen-game').waitFor();
  await page.locator('.board .hit').first().waitFor({ state: 'attached' });
}

export const point = (page, x, y, board = '#board') => page.locator(`${board} .hit[data-x="${x}"][data-y="${y}"]`);
export const stone = (page, x, y, board = '#board') => page.locator(`${board} .stone[data-x="${x}"][data-y="${y}"]`);

/** Places a stone the way a player would on this viewport: a click, or two taps on a phone. */
export async function place(page, x, y) {
  const target = point(page, x, y);
  if (page.touch) {
    await target.tap();
    await page.locator(`#board .preview[data-x="${x}"][data-y="${y}"]`).waitFor();
    await target.tap();
  } else {
    await target.click();
  }
  await stone(page, x, y).waitFor();
}

/** Saves a screenshot under tests/output/ui/. */
export async function screenshot(page, name) {
  await mkdir(OUTPUT_DIR, { recursive: true });
  await page.waitForTimeout(120);
  await page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`) });
}

/**
 * Serves the UI and starts Chromium for the calling test file, closing both
 * after it. `withUi(options, fn)` opens the UI in a fresh context, runs
 * `fn(page, errors)` and closes the context whatever happens.
 */
export function useUi() {
  let server;
  let browser;
  before(async () => {
    server = await serveUi();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get browser() {
      return browser;
    },
    get url() {
      return server.url;
    },
    async withUi(options, fn) {
      const { context, page, errors } = await openUi(browser, server.url, options);
      try {
        await fn(page, errors);
      } finally {
        await context.close();
      }
    },
  };
}
