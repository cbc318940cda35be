import { expect, it } from 'vitest'
import * as core from './index'

// A change to the public surface shows up here in review.
it('exports the public API', () => {
  expect(Object.keys(core).sort()).toMatchSnapshot()
})
