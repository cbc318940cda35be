import { LOGIN_METHODS, type LoginMethod, MFA_REQUIREMENTS, WALLETS_ON_LOGIN } from '@satchel/core/admin'
import { Field } from '../../shared/ui/Field'
import type { SettingsForm } from './settingsSchema'
import type { SettingsProblems } from './validateSettings'

const METHOD_NAMES: Record<LoginMethod, string> = {
  email: 'Email code',
  sms: 'SMS code',
  guest: 'Guest',
  custom_jwt: 'Custom JWT',
  siwe: 'Ethereum wallet (SIWE)',
  siws: 'Solana wallet (SIWS)',
  oauth: 'OAuth (Google, Apple…)',
  passkey: 'Passkey',
  telegram: 'Telegram',
  farcaster: 'Farcaster',
}

type Props = {
  form: SettingsForm
  problems: SettingsProblems
  change: (patch: Partial<SettingsForm>) => void
}

/**
 * The settings' general fields: name, mode, development user limit, origins, login methods, MFA,
 * terms, wallets on login and the deletion grace period.
 *
 * @example
 * <SettingsFields form={form} problems={problems} change={change} />
 */
export function SettingsFields({ form, problems, change }: Props) {
  const toggle = (method: string, on: boolean) =>
    change({
      loginMethods: on ? [...form.loginMethods, method] : form.loginMethods.filter((m) => m !== method),
    })
  return (
    <div className="card grid-2">
      <Field label="App name" problem={problems.name}>
        {(props) => (
          <input
            {...props}
            className="input"
            value={form.name}
            onChange={(e) => change({ name: e.target.value })}
          />
        )}
      </Field>
      <Field label="Mode" hint="Production needs https origins and real email/SMS delivery">
        {(props) => (
          <select
            {...props}
            className="input"
            value={form.mode}
            onChange={(e) => change({ mode: e.target.value === 'production' ? 'production' : 'development' })}
          >
            <option value="development">Development</option>
            <option value="production">Production</option>
          </select>
        )}
      </Field>
      <Field
        label="Allowed origins (one per line)"
        problem={problems.origins}
        hint="scheme://host[:port], no path"
      >
        {(props) => (
          <textarea
            {...props}
            className="input mono"
            rows={3}
            value={form.origins}
            onChange={(e) => change({ origins: e.target.value })}
          />
        )}
      </Field>
      <Field
        label="Development user limit"
        problem={problems.devUserLimit}
        hint="Sign-ups stop at this many users in development mode (empty: the server's limit, if it sets one)"
      >
        {(props) => (
          <input
            {...props}
            className="input"
            inputMode="numeric"
            placeholder="The server's limit"
            value={form.devUserLimit}
            onChange={(e) => change({ devUserLimit: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="field span-2" aria-describedby="login-methods-note">
        <legend>Login methods</legend>
        <div className="checks">
          {LOGIN_METHODS.map((method) => (
            <label key={method} className="check">
              <input
                type="checkbox"
                checked={form.loginMethods.includes(method)}
                onChange={(e) => toggle(method, e.target.checked)}
              />
              {METHOD_NAMES[method]}
            </label>
          ))}
        </div>
        <p id="login-methods-note" className="field__error" aria-live="polite">
          {problems.loginMethods ?? ''}
        </p>
      </fieldset>
      <Field label="Second factor (MFA)">
        {(props) => (
          <select
            {...props}
            className="input"
            value={form.mfaRequirement}
            onChange={(e) =>
              change({ mfaRequirement: MFA_REQUIREMENTS.find((v) => v === e.target.value) ?? 'off' })
            }
          >
            <option value="off">Off</option>
            <option value="optional">Optional</option>
            <option value="required_for_wallet_actions">Required for wallet actions</option>
          </select>
        )}
      </Field>
      <Field label="Wallets made on login">
        {(props) => (
          <select
            {...props}
            className="input"
            value={form.walletsOnLogin}
            onChange={(e) =>
              change({ walletsOnLogin: WALLETS_ON_LOGIN.find((v) => v === e.target.value) ?? 'none' })
            }
          >
            <option value="none">None</option>
            <option value="ethereum">Ethereum</option>
            <option value="solana">Solana</option>
            <option value="both">Ethereum and Solana</option>
          </select>
        )}
      </Field>
      <Field
        label="Terms URL"
        problem={problems.termsUrl}
        hint="Users accept these before their first use; leave empty for none"
      >
        {(props) => (
          <input
            {...props}
            className="input"
            type="url"
            value={form.termsUrl}
            onChange={(e) => change({ termsUrl: e.target.value })}
          />
        )}
      </Field>
      <Field label="Days a deleted user can be restored" problem={problems.deletionGraceDays}>
        {(props) => (
          <input
            {...props}
            className="input"
            inputMode="numeric"
            value={form.deletionGraceDays}
            onChange={(e) => change({ deletionGraceDays: e.target.value })}
          />
        )}
      </Field>
    </div>
  )
}
