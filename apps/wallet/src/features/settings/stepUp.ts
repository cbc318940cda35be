/**
 * Asks the person to confirm it's them (their second factor, or without one a login method proved
 * again), then runs `retry`: how a settings screen reacts when the server asks for a step-up.
 */
export type StepUp = (reason: string, retry: () => void) => void
