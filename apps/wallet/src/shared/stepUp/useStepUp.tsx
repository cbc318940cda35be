import { type ReactNode, useState } from 'react'
import { ConfirmItsYou } from './ConfirmItsYou'

export type UseStepUpReturnType = {
  /** Asks the person to confirm it's them, saying `reason`, then runs `retry`. */
  ask: (reason: string, retry: () => void) => void
  /** Whether the prompt is showing. */
  asking: boolean
  /** Closes the prompt without retrying. */
  dismiss: () => void
  /** The "Confirm it's you" prompt while asking, otherwise null: rendered where the screen wants it. */
  prompt: ReactNode
}

/**
 * How a screen reacts when the server asks for a step-up: it shows "Confirm it's you" with the
 * reason, and once the person has confirmed, closes it and retries the action that was refused.
 *
 * @example
 * const stepUp = useStepUp()
 * task().catch((error) => isStepUpRequired(error) && stepUp.ask("Removing it needs you to confirm it's you.", task))
 * return <>{stepUp.prompt}</>
 */
export function useStepUp(): UseStepUpReturnType {
  const [pending, setPending] = useState<{ reason: string; retry: () => void } | undefined>(undefined)
  const dismiss = () => setPending(undefined)
  return {
    ask: (reason, retry) => setPending({ reason, retry }),
    asking: pending !== undefined,
    dismiss,
    prompt: pending ? (
      <ConfirmItsYou
        reason={pending.reason}
        onConfirmed={() => {
          dismiss()
          pending.retry()
        }}
        onCancel={dismiss}
      />
    ) : null,
  }
}
