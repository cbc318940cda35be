import { useEffect, useRef } from 'react'
import type { SatchelUser } from '../../client/types'
import { useLoginModal } from '../context'
import { useSatchel } from './useSatchel'

export type UseLoginParameters = {
  /** Called once the user is signed in through the modal. */
  onComplete?: ((user: SatchelUser) => void) | undefined
}

/**
 * Opens the login modal. The modal's code loads on the first `login()`, not with the app.
 *
 * @example
 * const { login } = useLogin({ onComplete: (user) => console.log('welcome', user.id) })
 * return <button onClick={login}>Log in</button>
 */
export function useLogin({ onComplete }: UseLoginParameters = {}): { login: () => void } {
  const modal = useLoginModal('useLogin')
  const { user } = useSatchel()
  const waiting = useRef(false)
  const callback = useRef(onComplete)
  useEffect(() => {
    callback.current = onComplete
  })
  useEffect(() => {
    if (waiting.current && user) {
      waiting.current = false
      callback.current?.(user)
    }
  }, [user])
  return {
    login: () => {
      waiting.current = true
      modal.open()
    },
  }
}
