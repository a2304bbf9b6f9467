// Light and dark (night) themes. The system's choice is followed until the
// player flips the switch; the flip lasts for this window's lifetime.

/** Sets up the toggle button; the page starts in the system's theme. */
export function initTheme(button) {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  let chosen = null;
  const apply = () => {
    const theme = chosen ?? (media.matches ? 'dark' : 'light');
    document.documentElement.dataset.theme = theme;
    button.setAttribute('aria-pressed', String(theme === 'dark'));
  };
  media.addEventListener('change', apply);
  button.addEventListener('click', () => {
    chosen = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    apply();
  });
  apply();
}
