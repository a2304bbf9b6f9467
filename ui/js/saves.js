// The load screen: this profile's saves (load, delete, save as), and import
// and export of PSQ, SGF and move strings.

import { call } from './ipc.js';
import { miniBoard } from './board.js';
import { t, plural } from './i18n.js';
import {
  $, registerScreen, showError, clearError, attempt, confirmDialog, onLanguage, formatDate,
  actionButton, el,
} from './app.js';
import { openPlayOn, saveAs, confirmReplace } from './game.js';

let saves = [];
// A thousand saves drawn at once (each with its board) take seconds: the
// list shows a page of those matching the filter, and "Show more" the next.
const PAGE = 30;
let shown = PAGE;

/** The saves whose name holds the filter's text, in the service's order. */
function matching() {
  const text = $('saves-filter').value.trim().toLocaleLowerCase();
  return text ? saves.filter((s) => s.name.toLocaleLowerCase().includes(text)) : saves;
}

function renderSaves() {
  const list = $('saves-list');
  list.replaceChildren();
  const found = matching();
  $('saves-empty').hidden = saves.length > 0;
  $('saves-none').hidden = saves.length === 0 || found.length > 0;
  $('saves-filter-field').hidden = saves.length === 0;
  $('saves-count').textContent = found.length === saves.length
    ? plural('load.count', saves.length)
    : t('load.matching', { found: found.length, total: saves.length });
  $('saves-count').hidden = saves.length === 0;
  const left = found.length - Math.min(shown, found.length);
  $('saves-more').hidden = left <= 0;
  $('saves-more').textContent = plural('load.more', Math.min(left, PAGE));
  for (const save of found.slice(0, shown)) {
    const li = el('li', 'save-item card');
    li.dataset.name = save.name;
    if (save.preview) li.append(miniBoard(save.preview, save.size));
    const info = el('div', 'item-info');
    const title = el('p', 'item-title', save.name);
    const meta = el('p', 'item-meta num');
    meta.textContent = [
      formatDate(save.saved_at),
      `${t(`rule.${save.rule}`)} ${save.size}×${save.size}`,
      t(`mode.${save.mode}`),
      plural('load.moves', save.move_count),
    ].join(' · ');
    info.append(title, meta);
    const buttons = el('div', 'item-actions');
    const load = actionButton('button primary save-load', t('load.load'), t('load.loadLabel', { name: save.name }), async () => {
      if (!(await confirmReplace(t('unsaved.load', { name: save.name })))) return;
      const view = await attempt('load_save', { name: save.name });
      if (view) openPlayOn(view);
    });
    const del = actionButton('button danger save-delete', t('load.delete'), t('load.deleteLabel', { name: save.name }), async () => {
      if (!(await confirmDialog(t('load.deleteConfirm', { name: save.name }), t('load.delete')))) return;
      const next = await attempt('delete_save', { name: save.name });
      if (next) {
        saves = next;
        renderSaves();
      }
    });
    buttons.append(load, del);
    li.append(info, buttons);
    list.append(li);
  }
}

$('saves-filter').addEventListener('input', () => {
  shown = PAGE;
  renderSaves();
});

$('saves-more').addEventListener('click', () => {
  shown += PAGE;
  renderSaves();
});

$('save-as-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const name = $('save-as-name').value.trim();
  if (!name) return;
  try {
    const next = await saveAs(name);
    if (next) {
      clearError();
      saves = next;
      $('save-as-name').value = '';
      renderSaves();
    }
  } catch (err) {
    showError(err);
  }
});

// The system's Open dialog; a cancelled dialog answers null and changes nothing.
$('import-open').addEventListener('click', async () => {
  if (!(await confirmReplace(t('unsaved.import')))) return;
  const view = await attempt('import_from_file');
  if (view) openPlayOn(view);
});

$('import-button').addEventListener('click', async () => {
  const text = $('import-text').value.trim();
  if (!text) {
    showError({ kind: 'empty_import' });
    $('import-text').focus();
    return;
  }
  if (!(await confirmReplace(t('unsaved.import')))) return;
  // Renju is played on 15x15 only: the size follows.
  const rule = $('import-rule').value;
  const size = Number(rule === 'renju' ? 15 : $('import-size').value);
  const view = await attempt('import_game', { text, size, rule });
  if (view) {
    $('import-text').value = '';
    openPlayOn(view);
  }
});

$('export-button').addEventListener('click', async () => {
  const answer = await attempt('export_game', { format: $('export-format').value });
  if (answer) $('export-text').value = answer.text;
});

// The system's Save dialog; a cancelled dialog answers null and says nothing.
$('export-save').addEventListener('click', async () => {
  $('export-saved').hidden = true;
  const answer = await attempt('export_to_file', { format: $('export-format').value });
  if (!answer) return;
  const saved = $('export-saved');
  saved.textContent = t('export.saved', { path: answer.path });
  saved.hidden = false;
});

registerScreen('load', {
  async enter() {
    $('export-text').value = '';
    $('export-saved').hidden = true;
    $('saves-filter').value = '';
    shown = PAGE;
    try {
      saves = await call('list_saves');
    } catch (err) {
      saves = [];
      showError(err);
    }
    renderSaves();
  },
});

onLanguage(renderSaves);
