// A profile's password: set one, change it (the current one first), or
// remove it. The game service checks the current password; the dialog only
// makes sure the new one was typed the same twice.

import { call } from './ipc.js';
import { t } from './i18n.js';
import { $, errorText, profileName } from './app.js';

/**
 * Opens the password dialog for profile `p`. Resolves to the new profile
 * list when the password was set, changed or removed, or null when the
 * dialog was cancelled.
 */
export function passwordDialog(p) {
  const dialog = $('dialog-password');
  const old = $('password-old');
  const next = $('password-new');
  const repeat = $('password-repeat');
  const error = $('password-error');
  const has = !!p.has_password;
  $('password-title').textContent = t(has ? 'password.changeTitle' : 'password.setTitle', { name: profileName(p.name) });
  $('password-old-field').hidden = !has;
  $('password-remove').hidden = !has;
  $('password-save').textContent = t(has ? 'password.change' : 'password.save');
  for (const input of [old, next, repeat]) input.value = '';
  error.hidden = true;
  const show = (text, input) => {
    error.textContent = text;
    error.hidden = false;
    input.focus();
  };
  return new Promise((resolve) => {
    const finish = (answer) => {
      $('password-form').onsubmit = null;
      $('password-remove').onclick = null;
      $('password-cancel').onclick = null;
      dialog.oncancel = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    // One request at a time: a second press while the first is checked
    // (hashing takes a moment) would only ask again.
    let busy = false;
    const send = async (args, input) => {
      if (busy) return;
      busy = true;
      try {
        finish(await call('set_password', { id: p.id, ...args }));
      } catch (err) {
        show(errorText(err), input);
      } finally {
        busy = false;
      }
    };
    $('password-form').onsubmit = async (e) => {
      e.preventDefault();
      if (has && !old.value) return show(t('password.oldNeeded'), old);
      if (!next.value) return show(t('password.newNeeded'), next);
      if (next.value !== repeat.value) return show(t('password.mismatch'), repeat);
      await send({ old: has ? old.value : null, new: next.value }, has ? old : next);
    };
    $('password-remove').onclick = async () => {
      if (!old.value) return show(t('password.oldNeeded'), old);
      await send({ old: old.value, new: null }, old);
    };
    $('password-cancel').onclick = () => finish(null);
    dialog.oncancel = (e) => {
      e.preventDefault();
      finish(null);
    };
    dialog.showModal();
    (has ? old : next).focus();
  });
}
