// Starts the real, built app under tauri-driver and WebKitWebDriver and hands
// back a W3C WebDriver session. Needs a display: run under xvfb-run.

import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Builder } from 'selenium-webdriver';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO = resolve(here, '../..');
export const OUTPUT_DIR = resolve(here, '../output/e2e');
export const APP = process.env.WUZI_APP ?? join(REPO, 'target/debug/wuzi-app');

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function waitForPort(port, child, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`tauri-driver exited with ${child.exitCode}`);
    const open = await new Promise((ok) => {
      const socket = connect(port, '127.0.0.1', () => { socket.end(); ok(true); });
      socket.once('error', () => ok(false));
    });
    if (open) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`tauri-driver did not listen on ${port}`);
}

/**
 * Starts tauri-driver and the app with a fresh data folder.
 * Resolves to { driver, dataDir, stop }.
 */
export async function startApp({ dataDir } = {}) {
  if (!process.env.DISPLAY) throw new Error('no DISPLAY: run the real-app tests under xvfb-run');
  const port = await freePort();
  const nativePort = await freePort();
  const data = dataDir ?? (await mkdtemp(join(tmpdir(), 'wuzi-e2e-')));
  const log = [];
  const tauriDriver = spawn('tauri-driver', ['--port', String(port), '--native-port', String(nativePort)], {
    env: { ...process.env, WUZI_DATA_DIR: data },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  tauriDriver.stdout.on('data', (d) => log.push(String(d)));
  tauriDriver.stderr.on('data', (d) => log.push(String(d)));
  await waitForPort(port, tauriDriver);
  let driver;
  try {
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}/`)
      .withCapabilities({ browserName: 'wry', 'tauri:options': { application: APP } })
      .build();
  } catch (err) {
    tauriDriver.kill();
    throw new Error(`${err.message}\n${log.join('')}`);
  }
  const stop = async ({ keepData = false } = {}) => {
    await driver.quit().catch(() => {});
    tauriDriver.kill();
    if (!keepData && !dataDir) await rm(data, { recursive: true, force: true });
  };
  return { driver, dataDir: data, stop };
}

/** Saves a PNG of the app window under tests/output/e2e/. */
export async function screenshot(driver, name) {
  await mkdir(OUTPUT_DIR, { recursive: true });
  await new Promise((ok) => setTimeout(ok, 300));
  await writeFile(join(OUTPUT_DIR, `${name}.png`), await driver.takeScreenshot(), 'base64');
}
