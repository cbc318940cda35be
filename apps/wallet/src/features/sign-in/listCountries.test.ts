import { describe, expect, it } from 'vitest'
import { listCountries } from './listCountries'

describe('listCountries (the phone sign-in country picker)', () => {
  it('offers countries sorted by name, each with its calling code', () => {
    const countries = listCountries('en')
    expect(countries.find((country) => country.code === 'US')).toEqual({
      code: 'US',
      name: 'United States',
      callingCode: '1',
    })
    expect(countries.find((country) => country.code === 'GB')?.callingCode).toBe('44')
    expect(countries.find((country) => country.code === 'DE')?.callingCode).toBe('49')
    const names = countries.map((country) => country.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })
})
