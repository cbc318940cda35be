import { describe, expect, it } from 'vitest'
import type { SatchelUser, SatchelWallet } from '../types'
import { initialState, type SatchelState, transition } from './transition'

const user: SatchelUser = {
  id: 'usr_1',
  createdAt: 1,
  hasAcceptedTerms: false,
  isGuest: false,
  linkedAccounts: [],
  mfaMethods: [],
}
const wallet: SatchelWallet = {
  id: 'wal_1',
  address: '0x0000000000000000000000000000000000000001',
  chainType: 'ethereum',
}
const signedIn = transition(initialState, { type: 'session_restored', user, wallets: [] })

describe('the status machine', () => {
  it('starts loading, then knows: signed out or signed in', () => {
    expect(initialState).toEqual({ status: 'loading' })
    expect(transition(initialState, { type: 'no_session' })).toEqual({ status: 'unauthenticated' })
    expect(signedIn).toEqual({ status: 'authenticated', user, wallets: { status: 'none', wallets: [] } })
  })

  it('says ready at once for a user who already has a wallet', () => {
    const state = transition({ status: 'unauthenticated' }, { type: 'logged_in', user, wallets: [wallet] })
    expect(state).toMatchObject({ status: 'authenticated', wallets: { status: 'ready', wallets: [wallet] } })
  })

  it('walks wallets none -> creating -> ready, or -> error', () => {
    const creating = transition(signedIn, { type: 'wallets_creating' })
    expect(creating).toMatchObject({ wallets: { status: 'creating' } })
    expect(transition(creating, { type: 'wallet_created', wallet })).toMatchObject({
      wallets: { status: 'ready', wallets: [wallet] },
    })
    const error = new Error('vault down')
    expect(transition(creating, { type: 'wallets_failed', error })).toMatchObject({
      wallets: { status: 'error', error },
    })
  })

  it('ignores a wallet that finishes after a logout: no user comes back', () => {
    const creating = transition(signedIn, { type: 'wallets_creating' })
    const out = transition(creating, { type: 'logged_out' })
    expect(transition(out, { type: 'wallet_created', wallet })).toBe(out)
    expect(out).toEqual({ status: 'unauthenticated' })
  })

  it('does not let a late restore overwrite a login that happened meanwhile', () => {
    const other: SatchelUser = { ...user, id: 'usr_2' }
    const loggedIn: SatchelState = transition(
      { status: 'unauthenticated' },
      { type: 'logged_in', user: other, wallets: [] },
    )
    expect(transition(loggedIn, { type: 'session_restored', user, wallets: [] })).toBe(loggedIn)
    expect(transition(loggedIn, { type: 'no_session' })).toBe(loggedIn)
  })

  it('keeps `creating` visible when a wallet list arrives mid-creation', () => {
    const creating = transition(signedIn, { type: 'wallets_creating' })
    expect(transition(creating, { type: 'wallets_loaded', wallets: [] })).toBe(creating)
  })

  it('updates the user only when it is the one signed in', () => {
    const renamed = { ...user, hasAcceptedTerms: true }
    expect(transition(signedIn, { type: 'user_updated', user: renamed })).toMatchObject({
      user: { hasAcceptedTerms: true },
    })
    expect(transition(signedIn, { type: 'user_updated', user: { ...user, id: 'usr_9' } })).toBe(signedIn)
  })
})
