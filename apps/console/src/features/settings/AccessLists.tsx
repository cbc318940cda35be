import { Field } from '../../shared/ui/Field'
import { LIST_KINDS, type ListKind, type ListTexts, type SettingsForm } from './settingsSchema'
import type { SettingsProblems } from './validateSettings'

const KIND_NAMES: Record<ListKind, string> = {
  emails: 'Emails',
  domains: 'Email domains',
  phones: 'Phone numbers',
  wallet_addresses: 'Wallet addresses',
}

type Props = {
  form: SettingsForm
  problems: SettingsProblems
  change: (patch: Partial<SettingsForm>) => void
}

/**
 * Who may sign in: the allowlist (when on, only those listed) and the denylist (never those listed),
 * by email, domain, phone and wallet address, one entry per line.
 *
 * @example
 * <AccessLists form={form} problems={problems} change={change} />
 */
export function AccessLists({ form, problems, change }: Props) {
  const lists = (name: 'allowlist' | 'denylist', texts: ListTexts) =>
    LIST_KINDS.map((kind) => (
      <Field key={kind} label={`${KIND_NAMES[kind]} (one per line)`} problem={problems[`${name}.${kind}`]}>
        {(props) => (
          <textarea
            {...props}
            className="input mono"
            rows={2}
            value={texts[kind]}
            onChange={(e) => change({ [name]: { ...texts, [kind]: e.target.value } })}
          />
        )}
      </Field>
    ))
  return (
    <>
      <fieldset className="card grid-2">
        <legend>Allowlist</legend>
        <label className="check span-2">
          <input
            type="checkbox"
            checked={form.allowlistEnabled}
            onChange={(e) => change({ allowlistEnabled: e.target.checked })}
          />
          Only people on this list can sign in
        </label>
        {lists('allowlist', form.allowlist)}
      </fieldset>
      <fieldset className="card grid-2">
        <legend>Denylist (never allowed to sign in)</legend>
        {lists('denylist', form.denylist)}
      </fieldset>
    </>
  )
}
