import { useState } from 'react'
import { loginWithEmail, sendEmailCode } from '../client/actions/loginWithEmail'
import type { SatchelClient } from '../client/createSatchelClient'
import { CodeLoginScreen, type CodeLoginStep } from './CodeLoginScreen'

/**
 * Email login inside the modal: the address, then the code.
 *
 * @example
 * <EmailScreen client={client} />
 */
export function EmailScreen({
  client,
  onStep,
}: {
  client: SatchelClient
  onStep?: ((step: CodeLoginStep) => void) | undefined
}) {
  const [email, setEmail] = useState('')
  const address = email.trim()
  return (
    <CodeLoginScreen
      sentTo={address}
      submitLabel="Continue with email"
      send={() => sendEmailCode(client, { email: address })}
      login={(code) => loginWithEmail(client, { email: address, code })}
      onStep={onStep}
    >
      <label className="satchel-label" htmlFor="satchel-email">
        Email
      </label>
      <input
        id="satchel-email"
        className="satchel-input"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
    </CodeLoginScreen>
  )
}
