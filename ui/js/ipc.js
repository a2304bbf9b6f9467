// The one door to the Rust side. Every failure comes back as { kind, message }
// so the UI can always show a clear message, whatever went wrong.

function core() {
  return window.__TAURI__?.core;
}

/** Calls a Rust command; rejects with { kind, message }. */
export async function call(command, args = {}) {
  const invoke = core()?.invoke;
  if (typeof invoke !== 'function') {
    throw { kind: 'no_backend', message: 'The game engine is not available.' };
  }
  try {
    return await invoke(command, args);
  } catch (err) {
    if (err && typeof err === 'object' && typeof err.kind === 'string') throw err;
    // Tauri reports argument and permission failures as plain strings.
    throw { kind: 'ipc', message: String(err?.message ?? err) };
  }
}

/**
 * A progress channel for `ai_move`, `hint` and `analyse_game`: the Rust side
 * sends messages to it while it works, each handed to `onMessage`.
 */
export function progressChannel(onMessage) {
  const Channel = core()?.Channel;
  if (typeof Channel !== 'function') return undefined;
  const channel = new Channel();
  channel.onmessage = (message) => {
    try {
      onMessage(message);
    } catch (err) {
      // A bad progress message must not stop the work it reports on.
      console.warn('progress message not shown', err);
    }
  };
  return channel;
}
