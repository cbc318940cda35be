import { useId } from 'react'
import { useShowTestnets } from '../../shared/preferences/useShowTestnets'
import { type ThemeChoice, useTheme } from '../../shared/preferences/useTheme'

const themes: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
]

/**
 * This device's preferences: the theme (the system's, light or dark) and whether test chains are
 * shown on Home. Both are kept in this browser only.
 */
export function PreferencesSection() {
  const id = useId()
  const [theme, setTheme] = useTheme()
  const group = `${id}-theme`
  const { showTestnets, setShowTestnets, onlyTestnets } = useShowTestnets()
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Appearance and networks</h2>
      <fieldset className="segmented">
        <legend className="field__label">Theme</legend>
        {themes.map(({ value, label }) => (
          <label key={value} className="segmented__option">
            <input type="radio" name={group} checked={theme === value} onChange={() => setTheme(value)} />
            <span className="segmented__label">{label}</span>
          </label>
        ))}
      </fieldset>
      <label className="settings__check">
        <input
          type="checkbox"
          checked={showTestnets}
          onChange={(event) => setShowTestnets(event.target.checked)}
        />
        <span>
          <span className="field__label">Show testnets</span>
          <span className="field__hint settings__meta">
            {onlyTestnets
              ? 'This wallet runs on local test chains (the devnet), so testnets are shown. Their coins have no value.'
              : 'Testnet coins have no value; they are for trying things out.'}
          </span>
        </span>
      </label>
    </section>
  )
}
