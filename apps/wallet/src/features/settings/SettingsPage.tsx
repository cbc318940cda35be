import { DelegatedSigners } from './DelegatedSigners'
import { ExportSection } from './ExportSection'
import { LinkedAccounts } from './LinkedAccounts'
import { MfaSection } from './MfaSection'
import { RecoverySection } from './RecoverySection'
import { SessionsSection } from './SessionsSection'
import './settings.css'

/**
 * Settings: ways to sign in (link and unlink), two-factor authentication, recovery passcode, export,
 * sessions, and delegated signers.
 */
export default function SettingsPage() {
  return (
    <section className="settings">
      <h1>Settings</h1>
      <LinkedAccounts />
      <MfaSection />
      <RecoverySection />
      <ExportSection />
      <SessionsSection />
      <DelegatedSigners />
    </section>
  )
}
