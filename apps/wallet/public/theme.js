// Applies the theme chosen in Settings before the first paint (a classic script in <head>, allowed by
// the page's `script-src 'self'`), so a dark choice never flashes light. Without a choice the
// stylesheet follows prefers-color-scheme by itself.
try {
  const theme = localStorage.getItem('satchel-wallet:theme')
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme
} catch {
  // Storage can be blocked; the system's theme then applies.
}
