import { StepUpRequiredError, useSatchelClient } from '@satchel/react'
import { useCallback, useState } from 'react'
import { useStepUp } from '../stepUp/StepUpContext'
import { type AdminRequest, adminRequest } from './adminRequest'

export type AdminWriteState = { status: 'idle' | 'pending' | 'success' | 'error'; error: unknown }

/**
 * A write to the admin API from a button or form: pending while it runs, the error when it fails.
 * When the server wants the operator to confirm it's them (a fresh login, for deleting a user or
 * minting a secret), the console asks for an email code and sends the write again once.
 *
 * @example
 * const { write, state } = useAdminWrite()
 * await write({ method: 'DELETE', path: `/api/v1/users/${id}/sessions/${sessionId}`, appId })
 */
export function useAdminWrite() {
  const client = useSatchelClient()
  const stepUp = useStepUp()
  const [state, setState] = useState<AdminWriteState>({ status: 'idle', error: undefined })
  const write = useCallback(
    async (request: AdminRequest): Promise<unknown> => {
      setState({ status: 'pending', error: undefined })
      try {
        let answer: unknown
        try {
          answer = await adminRequest(client, request)
        } catch (error) {
          if (!(error instanceof StepUpRequiredError)) throw error
          await stepUp.confirm()
          answer = await adminRequest(client, request)
        }
        setState({ status: 'success', error: undefined })
        return answer
      } catch (error) {
        setState({ status: 'error', error })
        throw error
      }
    },
    [client, stepUp],
  )
  const reset = useCallback(() => setState({ status: 'idle', error: undefined }), [])
  return { write, state, reset, pending: state.status === 'pending' }
}
