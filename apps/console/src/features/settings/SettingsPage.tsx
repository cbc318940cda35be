import { type FormEvent, useState } from 'react'
import { useConsole } from '../../app/ConsoleContext'
import type { OperatorAccess } from '../../app/getOperatorAccess'
import { useOperatorAccess } from '../../app/useOperatorAccess'
import { useAdminRead } from '../../shared/api/useAdminRead'
import { useAdminWrite } from '../../shared/api/useAdminWrite'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { ReadView } from '../../shared/ui/ReadView'
import { AccessLists } from './AccessLists'
import { SettingsFields } from './SettingsFields'
import { type Settings, type SettingsForm, settingsSchema, toSettingsForm } from './settingsSchema'
import { toSettingsPatch, validateSettings } from './validateSettings'

/**
 * The app's settings: login methods, origins, MFA, allow and deny lists, mode, the development user
 * limit, terms, wallets on login. Checked as they are typed; saved together (every change audited).
 * A viewer sees the same fields, unchangeable, and no Save.
 *
 * @example
 * <SettingsPage />
 */
export default function SettingsPage() {
  const { appId } = useConsole()
  const settings = useAdminRead({ path: '/api/v1/apps/settings', schema: settingsSchema, appId })
  const access = useOperatorAccess()
  return (
    <section className="stack">
      <h1>Settings</h1>
      <ReadView read={settings} what="settings">
        {(data) => (
          <SettingsEditor key={data.id} settings={data} access={access} onSaved={settings.setData} />
        )}
      </ReadView>
    </section>
  )
}

function SettingsEditor({
  settings,
  access,
  onSaved,
}: {
  settings: Settings
  access: OperatorAccess
  onSaved: (settings: Settings) => void
}) {
  const { appId } = useConsole()
  const [form, setForm] = useState<SettingsForm>(() => toSettingsForm(settings))
  const { write, state, pending } = useAdminWrite()
  const problems = validateSettings(form)
  const valid = Object.keys(problems).length === 0
  const change = (patch: Partial<SettingsForm>) => setForm((current) => ({ ...current, ...patch }))

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (!valid) return
    const answer = await write({
      method: 'PATCH',
      path: '/api/v1/apps/settings',
      appId,
      body: toSettingsPatch(form),
    })
    onSaved(settingsSchema.parse(answer))
  }

  return (
    <form className="stack" onSubmit={(event) => void save(event).catch(() => {})} noValidate>
      {/* Said first, before a page of fields that look at first glance as if they could be typed in. */}
      {access === 'read' ? (
        <p className="muted">As a viewer you can read these settings; an owner or admin changes them.</p>
      ) : null}
      {/* The values are what a viewer came for: shown, but unchangeable until the role allows it. */}
      <fieldset className="bare stack" disabled={access !== 'change'}>
        <SettingsFields form={form} problems={problems} change={change} />
        <AccessLists form={form} problems={problems} change={change} />
      </fieldset>
      {state.status === 'error' ? (
        <ErrorMessage title="The settings were not saved" error={state.error} />
      ) : null}
      {state.status === 'success' ? (
        <p className="success" role="status">
          Settings saved.
        </p>
      ) : null}
      {access === 'change' ? (
        <div className="actions sticky-actions">
          <button type="submit" className="button" disabled={!valid || pending}>
            {pending ? 'Saving…' : 'Save settings'}
          </button>
          {valid ? null : <span className="muted">Fix the fields marked above to save.</span>}
        </div>
      ) : null}
    </form>
  )
}
