import { createContext } from 'react'

/**
 * Opens the passcode prompt over the current screen (`UnlockPrompt`), so a person unlocks where they
 * are and whatever they were filling in stays as it was. `null` outside the signed-in shell.
 */
export const UnlockPromptContext = createContext<{ open: () => void } | null>(null)
