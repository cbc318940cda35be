import { type ReactNode, useId } from 'react'
import { DelegatedSigners } from './DelegatedSigners'
import { ExportSection } from './ExportSection'
import { LinkedAccounts } from './LinkedAccounts'
import { MfaSection } from './MfaSection'
import { PreferencesSection } from './PreferencesSection'
import { RecoverySection } from './RecoverySection'
import { SessionsSection } from './SessionsSection'
import './settings.css'

function SettingsGroup({ title, tone, children }: { title: string; tone?: 'danger'; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={`settings__group${tone ? ` settings__group--${tone}` : ''}`}>
      <h2 className="settings__group-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * Settings, in groups a person scans: the account (ways to sign in), security (two-factor, recovery
 * passcode), this device's preferences (theme, testnets), developer tools (delegated signers), and
 * apart at the end, what cannot be undone lightly (export of the key, logging out everywhere).
 */
export default function SettingsPage() {
  return (
    <section className="settings">
      <h1>Settings</h1>
      <SettingsGroup title="Account">
        <LinkedAccounts />
      </SettingsGroup>
      <SettingsGroup title="Security">
        <MfaSection />
        <RecoverySection />
      </SettingsGroup>
      <SettingsGroup title="Preferences">
        <PreferencesSection />
      </SettingsGroup>
      <SettingsGroup title="Developer">
        <DelegatedSigners />
      </SettingsGroup>
      <SettingsGroup title="Danger zone" tone="danger">
        <ExportSection />
        <SessionsSection />
      </SettingsGroup>
    </section>
  )
}
