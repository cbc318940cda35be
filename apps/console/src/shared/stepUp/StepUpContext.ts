import { createContext, useContext } from 'react'

/** Asks the operator to confirm it's them; resolves once they did, rejects when they cancel. */
export type StepUp = { confirm: () => Promise<void> }

export const StepUpContext = createContext<StepUp | null>(null)

/**
 * The console's "confirm it's you" prompt (see StepUpProvider).
 *
 * @example
 * await useStepUp().confirm()
 */
export function useStepUp(): StepUp {
  const stepUp = useContext(StepUpContext)
  if (!stepUp) throw new Error('useStepUp must be used inside <StepUpProvider>')
  return stepUp
}
