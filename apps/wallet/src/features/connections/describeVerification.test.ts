import { describe, expect, it } from 'vitest'
import { describeVerification } from './describeVerification'

const app = { url: 'https://shop.example/app', origin: '', verification: 'unknown', isScam: false } as const

describe('describeVerification', () => {
  it('says a self-declared domain is not verified when Verify could not tell', () => {
    expect(describeVerification(app)).toMatchObject({
      status: 'unknown',
      domain: 'shop.example',
      label: 'Not verified',
    })
    expect(describeVerification(app).detail).toContain('what the app says about itself')
  })

  it('shows the domain Verify saw, named verified', () => {
    expect(
      describeVerification({ ...app, origin: 'https://shop.example', verification: 'valid' }),
    ).toMatchObject({ status: 'verified', domain: 'shop.example', label: 'Verified' })
  })

  it('names both domains on a mismatch, the one Verify saw first', () => {
    const read = describeVerification({ ...app, origin: 'https://sh0p.example', verification: 'invalid' })
    expect(read).toMatchObject({ status: 'mismatch', domain: 'sh0p.example', label: 'Domain mismatch' })
    expect(read.detail).toBe(
      'It says it is shop.example, but it connects from sh0p.example. It may be pretending to be another app.',
    )
  })

  it('puts a known threat above a valid domain', () => {
    expect(
      describeVerification({ ...app, origin: 'https://shop.example', verification: 'valid', isScam: true })
        .status,
    ).toBe('threat')
  })
})
