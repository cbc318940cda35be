import { describe, expect, it } from 'vitest'
import { measureBundles, SDK_BUDGET_GZIP_BYTES } from '../../../bench/bundle/measureBundles'

describe('bundle budget (bench/bundle)', () => {
  it('adds at most 65,000 bytes gzip to the first load of a one-button app, everything else lazy', async () => {
    const report = await measureBundles()
    expect(SDK_BUDGET_GZIP_BYTES).toBe(65_000)
    expect(report.sdkAdded.gzip).toBeGreaterThan(0)
    expect(report.sdkAdded.gzip).toBeLessThanOrEqual(SDK_BUDGET_GZIP_BYTES)
    // The modal and the phone metadata are their own chunks, fetched on login() and on the SMS tab.
    expect(report.minimal.modal?.gzip).toBeGreaterThan(1_000)
    expect(report.minimal.sms?.gzip).toBeGreaterThan(15_000)
    const initialFiles = report.minimal.initial.files.map((file) => file.file).join(' ')
    expect(initialFiles).not.toMatch(/LoginModal|SmsScreen/)
  })
})
