import { expect, it } from 'vitest'
import { readReleaseVersion } from './readReleaseVersion'

it('the published packages share one version and name each other at it', async () => {
  expect(await readReleaseVersion()).toMatch(/^\d+\.\d+\.\d+$/)
})
