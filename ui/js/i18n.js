// Every text the UI shows, in English and Chinese. The language follows the
// system until the player picks one.

const STRINGS = {
  en: {
    'app.name': 'Wuzi',
    'theme.toggle': 'Switch between light and dark',
    'board.label': 'Board',
    'board.point': 'Point {name}',
    'board.pointWith': 'Point {name}, {stone} stone',
    'stone.black': 'black',
    'stone.white': 'white',
    'turn.black': 'Black to move',
    'turn.white': 'White to move',
    'counts.black': 'Black',
    'counts.white': 'White',
    'counts.moves': 'Moves',
    'action.newGame': 'New game',
    'error.occupied': 'That point already holds a stone.',
    'error.off_board': 'That point is off the board.',
    'error.no_backend': 'The game engine is not available.',
    'error.unknown': 'Something went wrong: {message}',
  },
  zh: {
    'app.name': '五子',
    'theme.toggle': '切换浅色与深色',
    'board.label': '棋盘',
    'board.point': '交叉点 {name}',
    'board.pointWith': '交叉点 {name}，{stone}',
    'stone.black': '黑子',
    'stone.white': '白子',
    'turn.black': '轮到黑方',
    'turn.white': '轮到白方',
    'counts.black': '黑子',
    'counts.white': '白子',
    'counts.moves': '手数',
    'action.newGame': '新对局',
    'error.occupied': '这里已经有棋子了。',
    'error.off_board': '这个点不在棋盘上。',
    'error.no_backend': '无法连接对局引擎。',
    'error.unknown': '出错了：{message}',
  },
};

/** The languages the UI speaks. */
export const LANGUAGES = Object.keys(STRINGS);

let current = pickLanguage(navigator.languages ?? [navigator.language]);

/** The first of the system's languages we speak, English otherwise. */
export function pickLanguage(preferred) {
  for (const tag of preferred) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (STRINGS[base]) return base;
  }
  return 'en';
}

/** The language in use. */
export function language() {
  return current;
}

/** Switches language and redraws the static texts. */
export function setLanguage(lang) {
  if (STRINGS[lang]) current = lang;
  translatePage();
}

/** The text for `key`, with `{name}` placeholders filled from `values`. */
export function t(key, values = {}) {
  const text = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ''));
}

/** Fills every element marked data-i18n (text) or data-i18n-label (aria-label and title). */
export function translatePage(root = document) {
  document.documentElement.lang = current === 'zh' ? 'zh-CN' : 'en';
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    const label = t(el.dataset.i18nLabel);
    el.setAttribute('aria-label', label);
    el.setAttribute('title', label);
  }
}
