// The one door to the Rust side. In the app it is Tauri's `invoke` of the
// single `ipc` command; in a browser page served by `wuzi serve` (the UI
// tests) it is an HTTP request to the same game service. Every failure comes
// back as { kind, message } so the UI can always show a clear message.

function core() {
  return window.__TAURI__?.core;
}

/** The token `wuzi serve` put in the page's address, if served by it. */
function serveToken() {
  return new URLSearchParams(window.location.search).get('token');
}

/** A progress channel made by `progressChannel` when there is no Tauri. */
class HttpChannel {
  constructor(onMessage) {
    this.onmessage = onMessage;
  }
}

function deliver(channel, message) {
  try {
    channel.onmessage(message);
  } catch (err) {
    // A bad progress message must not stop the work it reports on.
    console.warn('progress message not shown', err);
  }
}

/** Reads a `text/event-stream` answer: progress events, then one result or error. */
async function readEvents(response, channel) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      let event = 'message';
      const data = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      const payload = JSON.parse(data.join('\n'));
      if (event === 'progress') deliver(channel, payload);
      else if (event === 'result') return payload;
      else if (event === 'error') throw payload;
    }
  }
  throw { kind: 'ipc', message: 'The game service closed the answer early.' };
}

async function httpCall(token, command, args, channel) {
  const headers = { 'content-type': 'application/json', 'x-wuzi-token': token };
  if (channel) headers.accept = 'text/event-stream';
  let response;
  try {
    response = await fetch(`/ipc/${encodeURIComponent(command)}`, {
      method: 'POST', headers, body: JSON.stringify(args),
    });
  } catch (err) {
    throw { kind: 'no_backend', message: `The game service cannot be reached: ${err?.message ?? err}` };
  }
  if (channel && response.ok) return readEvents(response, channel);
  const text = await response.text();
  let body;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw { kind: 'ipc', message: text || `HTTP ${response.status}` };
  }
  if (!response.ok) throw body;
  return body;
}

let silentChannel;

/** Calls a Rust command; rejects with { kind, message }. */
export async function call(command, args = {}) {
  const { onProgress, ...rest } = args;
  const invoke = core()?.invoke;
  if (typeof invoke === 'function') {
    try {
      // Tauri has no optional channels: a call without progress gets the one
      // channel nobody listens to (one for all, not a new callback per call).
      silentChannel ??= progressChannel(() => {});
      const channel = onProgress ?? silentChannel;
      return await invoke('ipc', { command, args: rest, onProgress: channel });
    } catch (err) {
      if (err && typeof err === 'object' && typeof err.kind === 'string') throw err;
      // Tauri reports argument and permission failures as plain strings.
      throw { kind: 'ipc', message: String(err?.message ?? err) };
    }
  }
  const token = serveToken();
  if (token) return httpCall(token, command, rest, onProgress);
  throw { kind: 'no_backend', message: 'The game engine is not available.' };
}

/**
 * Whether the page can end the app: only in the desktop app. In a browser
 * (`wuzi serve`) the page cannot close its tab, and on Android the system
 * closes apps, not a button.
 */
export function canQuit() {
  return typeof core()?.invoke === 'function' && !/\bAndroid\b/i.test(navigator.userAgent);
}

/** Keeps the game (the autosave Continue brings back) and ends the app: the app's `quit` command. */
export async function quitApp() {
  try {
    await core().invoke('quit');
  } catch (err) {
    if (err && typeof err === 'object' && typeof err.kind === 'string') throw err;
    throw { kind: 'ipc', message: String(err?.message ?? err) };
  }
}

/**
 * A progress channel for `ai_move` and `analyse_game`: the Rust side sends
 * messages to it while it works, each handed to `onMessage`.
 */
export function progressChannel(onMessage) {
  const Channel = core()?.Channel;
  if (typeof Channel !== 'function') return new HttpChannel(onMessage);
  const channel = new Channel();
  channel.onmessage = (message) => deliver({ onmessage: onMessage }, message);
  return channel;
}
