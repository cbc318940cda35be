// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReadContext } from '../query/createQuery'
import { type UseReadParameters, type UseReadReturnType, useRead } from './useRead'

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

/** A read per key the test answers by hand. */
function manualReads() {
  const calls: {
    key: string
    signal: AbortSignal
    resolve: (value: string) => void
    reject: (e: Error) => void
  }[] = []
  const optionsFor = (key: string): Pick<UseReadParameters<string>, 'queryKey' | 'queryFn'> => ({
    queryKey: ['test', key],
    queryFn: ({ signal }: ReadContext) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ key, signal, resolve, reject })
      }),
  })
  return { calls, optionsFor }
}

let container: HTMLElement
let root: Root
let latest: UseReadReturnType<string> | undefined

function Reader(props: UseReadParameters<string>) {
  latest = useRead(props)
  const { status, data, error } = latest
  return (
    <p>
      {status}:{data ?? ''}:{error?.message ?? ''}
    </p>
  )
}

const render = (props: UseReadParameters<string>) => act(() => root.render(<Reader {...props} />))
const text = () => container.textContent
/** Lets the promises the test settled reach the component. */
const flush = () => act(async () => {})

beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
  latest = undefined
})

describe('useRead', () => {
  it('shows pending, then the answer; refetch reads again and keeps the answer shown meanwhile', async () => {
    const reads = manualReads()
    await render(reads.optionsFor('sessions'))
    expect(text()).toBe('pending::')
    reads.calls[0]?.resolve('two sessions')
    await flush()
    expect(text()).toBe('success:two sessions:')
    await act(() => latest?.refetch())
    expect(reads.calls).toHaveLength(2)
    expect(latest?.isFetching).toBe(true)
    expect(text()).toBe('success:two sessions:')
    reads.calls[1]?.resolve('one session')
    await flush()
    expect(text()).toBe('success:one session:')
  })

  it('shows the error once retries are spent, and Try again (refetch) recovers', async () => {
    const reads = manualReads()
    await render({ ...reads.optionsFor('policies'), retry: 1, retryDelay: () => 0 })
    reads.calls[0]?.reject(new Error('offline'))
    await flush()
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(reads.calls).toHaveLength(2)
    reads.calls[1]?.reject(new Error('still offline'))
    await flush()
    expect(text()).toBe('error::still offline')
    await act(() => latest?.refetch())
    reads.calls[2]?.resolve('policies')
    await flush()
    expect(text()).toBe('success:policies:')
  })

  it('a new key starts from pending, aborts the old read and never shows its answer', async () => {
    const reads = manualReads()
    await render(reads.optionsFor('wallet-a'))
    reads.calls[0]?.resolve('balance of a')
    await flush()
    await render(reads.optionsFor('wallet-b'))
    expect(text()).toBe('pending::')
    await render(reads.optionsFor('wallet-c'))
    expect(reads.calls.map((call) => [call.key, call.signal.aborted])).toEqual([
      ['wallet-a', true],
      ['wallet-b', true],
      ['wallet-c', false],
    ])
    reads.calls[1]?.resolve('balance of b')
    await flush()
    expect(text()).toBe('pending::')
    reads.calls[2]?.resolve('balance of c')
    await flush()
    expect(text()).toBe('success:balance of c:')
  })

  it('the same key with a new queryFn closure does not read again', async () => {
    const reads = manualReads()
    await render(reads.optionsFor('sessions'))
    await render(reads.optionsFor('sessions'))
    expect(reads.calls).toHaveLength(1)
  })

  it('unmounting aborts the read under way', async () => {
    const reads = manualReads()
    await render(reads.optionsFor('scan'))
    act(() => root.unmount())
    expect(reads.calls[0]?.signal.aborted).toBe(true)
    root = createRoot(container)
  })

  it('reads nothing while disabled, and starts once enabled', async () => {
    const reads = manualReads()
    await render({ ...reads.optionsFor('recovery'), enabled: false })
    expect(reads.calls).toHaveLength(0)
    expect(text()).toBe('pending::')
    await render({ ...reads.optionsFor('recovery'), enabled: true })
    expect(reads.calls).toHaveLength(1)
  })

  it('setData shows an answer known otherwise', async () => {
    const reads = manualReads()
    await render(reads.optionsFor('recovery'))
    reads.calls[0]?.resolve('locked')
    await flush()
    await act(() => latest?.setData('unlocked'))
    expect(text()).toBe('success:unlocked:')
  })
})
