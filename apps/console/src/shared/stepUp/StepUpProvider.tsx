import { type ReactNode, useMemo, useRef, useState } from 'react'
import { ConfirmItsYou } from './ConfirmItsYou'
import { type StepUp, StepUpContext } from './StepUpContext'

type Pending = { resolve: () => void; reject: (error: Error) => void }

/**
 * Holds the one "confirm it's you" dialog of the console: a write the server refuses for want of a
 * fresh login opens it, and is sent again once the operator has entered their email code.
 *
 * @example
 * <StepUpProvider><Shell /></StepUpProvider>
 */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const pending = useRef<Pending | null>(null)
  const stepUp = useMemo<StepUp>(
    () => ({
      confirm: () =>
        new Promise<void>((resolve, reject) => {
          pending.current = { resolve, reject }
          setOpen(true)
        }),
    }),
    [],
  )
  const finish = (error?: Error) => {
    setOpen(false)
    if (error) pending.current?.reject(error)
    else pending.current?.resolve()
    pending.current = null
  }
  return (
    <StepUpContext.Provider value={stepUp}>
      {children}
      {open ? (
        <ConfirmItsYou
          onDone={() => finish()}
          onCancel={() => finish(new Error('Cancelled: nothing was changed.'))}
        />
      ) : null}
    </StepUpContext.Provider>
  )
}
