import { useCallback, useRef, useState } from 'react'
import type { SatchelClient } from '../../client/createSatchelClient'
import type { AuthenticatedUser } from '../../client/types'
import { useSatchelClient } from '../context'

/** Where a code login stands. */
export type CodeLoginState =
  | { status: 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' }
  | { status: 'error'; error: Error }

/** A code login's hook, for an address given under `field` (`email`, `phoneNumber`). */
export type CodeLogin<field extends string> = {
  sendCode: (parameters: Record<field, string>) => Promise<void>
  /** Signs in with the code; the address is the one the code was sent to unless given. */
  loginWithCode: (
    parameters: { code: string } & Partial<Record<field, string | undefined>>,
  ) => Promise<AuthenticatedUser>
  state: CodeLoginState
}

/**
 * The shared flow of the email and SMS logins: send a code to an address, then sign in with it.
 * Internal to `useLoginWithEmail` and `useLoginWithSms`.
 *
 * @example
 * return useCodeLogin('useLoginWithEmail', 'email', sendEmailCode, loginWithEmail)
 */
export function useCodeLogin<field extends string>(
  hook: string,
  field: field,
  send: (client: SatchelClient, parameters: Record<field, string>) => Promise<void>,
  verify: (
    client: SatchelClient,
    parameters: Record<field, string> & { code: string },
  ) => Promise<AuthenticatedUser>,
): CodeLogin<field> {
  const client = useSatchelClient(hook)
  const [state, setState] = useState<CodeLoginState>({ status: 'initial' })
  const address = useRef<string | undefined>(undefined)
  const run = useCallback(
    async <result>(pending: CodeLoginState, done: CodeLoginState, task: () => Promise<result>) => {
      setState(pending)
      try {
        const result = await task()
        setState(done)
        return result
      } catch (error) {
        setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) })
        throw error
      }
    },
    [],
  )
  const sendCode = useCallback(
    (parameters: Record<field, string>) => {
      address.current = parameters[field]
      return run({ status: 'sending-code' }, { status: 'awaiting-code-input' }, () =>
        send(client, parameters),
      )
    },
    [client, field, run, send],
  )
  const loginWithCode = useCallback(
    (parameters: { code: string } & Partial<Record<field, string | undefined>>) =>
      run({ status: 'submitting-code' }, { status: 'done' }, () => {
        const to = parameters[field] ?? address.current
        if (!to) throw new Error('Send a code first')
        return verify(client, { [field]: to, code: parameters.code } as Record<field, string> & {
          code: string
        })
      }),
    [client, field, run, verify],
  )
  return { state, sendCode, loginWithCode }
}
