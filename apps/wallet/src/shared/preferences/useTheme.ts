import { useState } from 'react'

/** The person's choice of colours: the system's (`prefers-color-scheme`), or always light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark'

// public/theme.js reads the same key before the first paint, so a chosen theme never flashes.
const THEME_KEY = 'satchel-wallet:theme'

function readTheme(): ThemeChoice {
  const stored = localStorage.getItem(THEME_KEY)
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

/**
 * The theme chosen on this device and a way to change it: saved in localStorage and applied at once as
 * `data-theme` on <html>, which the stylesheet's `color-scheme` follows.
 *
 * @example
 * const [theme, setTheme] = useTheme()
 */
export function useTheme(): [ThemeChoice, (theme: ThemeChoice) => void] {
  const [theme, setThemeState] = useState(readTheme)
  const setTheme = (next: ThemeChoice) => {
    setThemeState(next)
    if (next === 'system') {
      localStorage.removeItem(THEME_KEY)
      delete document.documentElement.dataset.theme
    } else {
      localStorage.setItem(THEME_KEY, next)
      document.documentElement.dataset.theme = next
    }
  }
  return [theme, setTheme]
}
