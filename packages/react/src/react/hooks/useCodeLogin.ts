import { useCallback, useRef, useState } from 'react'
import type { AuthenticatedUser } from '../../client/types'

/** Where a code login stands. */
export type CodeLoginState =
  | { status: 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' }
  | { status: 'error'; error: Error }

/**
 * The shared flow of the email and SMS logins: send a code to an address, then sign in with it.
 * Internal to `useLoginWithEmail` and `useLoginWithSms`.
 */
export function useCodeLogin(
  send: (address: string) => Promise<void>,
  verify: (address: string, code: string) => Promise<AuthenticatedUser>,
) {
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
    (to: string) => {
      address.current = to
      return run({ status: 'sending-code' }, { status: 'awaiting-code-input' }, () => send(to))
    },
    [run, send],
  )
  const loginWithCode = useCallback(
    (code: string, to = address.current) =>
      run({ status: 'submitting-code' }, { status: 'done' }, () => {
        if (!to) throw new Error('Send a code first')
        return verify(to, code)
      }),
    [run, verify],
  )
  return { state, sendCode, loginWithCode }
}
