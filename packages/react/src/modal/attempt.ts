import { describeError } from './describeError'

/**
 * Runs one step of the modal (send a code, sign in, …): the last error is cleared first, and a
 * failure is shown in words instead of thrown. Answers whether the step worked, so the screen can
 * go back to where it was.
 *
 * @example
 * if (!(await attempt(setError, () => loginAsGuest(client)))) setGuest('idle')
 */
export async function attempt(
  setError: (error: string | undefined) => void,
  step: () => Promise<unknown>,
): Promise<boolean> {
  setError(undefined)
  try {
    await step()
    return true
  } catch (failure) {
    setError(describeError(failure))
    return false
  }
}
