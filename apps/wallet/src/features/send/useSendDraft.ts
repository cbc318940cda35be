import { useState, useSyncExternalStore } from 'react'
import type { SendFormValues } from './SendForm'

// What the person typed into Send, kept in this tab's memory only (never storage: a reload, or
// another person signing in here, starts from an empty form). It holds an address and an amount,
// nothing secret.
let stored: { owner: string; values: SendFormValues } | undefined
const listeners = new Set<() => void>()

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const getSnapshot = () => stored
const save = (next: typeof stored) => {
  stored = next
  for (const listener of listeners) listener()
}

export type UseSendDraftReturnType = {
  values: SendFormValues
  setValues: (values: SendFormValues) => void
  /** Forgets the draft: the form starts empty again (after a send, or on Clear). */
  clear: () => void
}

/**
 * The Send form's values (recipient, amount, asset, chain), kept for the tab's life so going to Home,
 * Receive or Settings and coming back finds them as they were. `owner` (the signed-in user) keeps one
 * person's draft from another's; `initial` is the empty form.
 *
 * @example
 * const { values, setValues, clear } = useSendDraft(user.id, () => ({ to: '', asset: 'USDC', network: '31337', amount: '' }))
 */
export function useSendDraft(owner: string, initial: () => SendFormValues): UseSendDraftReturnType {
  const draft = useSyncExternalStore(subscribe, getSnapshot)
  const [empty] = useState(initial)
  return {
    values: draft?.owner === owner ? draft.values : empty,
    setValues: (values) => save({ owner, values }),
    clear: () => save(undefined),
  }
}
