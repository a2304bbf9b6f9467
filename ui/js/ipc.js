// The one door to the Rust side. Every failure comes back as { kind, message }
// so the UI can always show a clear message, whatever went wrong.

/** Calls a Rust command; rejects with { kind, message }. */
export async function call(command, args = {}) {
  const invoke = window.__TAURI__?.core?.invoke;
  if (typeof invoke !== 'function') {
    throw { kind: 'no_backend', message: 'The game engine is not available.' };
  }
  try {
    return await invoke(command, args);
  } catch (err) {
    if (err && typeof err === 'object' && typeof err.kind === 'string') throw err;
    // Tauri reports argument and permission failures as plain strings.
    throw { kind: 'ipc', message: String(err) };
  }
}
