import { describe, expect, it } from 'vitest'
import { BaseError } from '../errors/BaseError'
import { createQrCode, QrCodeError } from './createQrCode'

const address = 'ethereum:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

function errorOf(run: () => unknown): QrCodeError {
  try {
    run()
  } catch (error) {
    if (error instanceof QrCodeError) return error
    throw error
  }
  throw new Error('did not throw')
}

describe('createQrCode', () => {
  it.each([
    [1, 21],
    [10, 57],
    [40, 177],
  ])('makes version %i a square of %i modules a side', (version, size) => {
    const qr = createQrCode('hi', { version })
    expect(qr).toMatchObject({ version, size })
    expect(qr.modules).toHaveLength(size)
    for (const row of qr.modules) expect(row).toHaveLength(size)
  })

  it('picks the smallest version that holds the text, with error correction M', () => {
    expect(createQrCode('hi')).toMatchObject({ version: 1, size: 21, errorCorrection: 'M' })
    expect(createQrCode(address).version).toBe(4)
    expect(createQrCode(address, { errorCorrection: 'L' })).toMatchObject({
      version: 3,
      errorCorrection: 'L',
    })
    expect(createQrCode(address, { errorCorrection: 'H' }).version).toBe(6)
  })

  it('draws the finder pattern in the top-left corner', () => {
    const { modules } = createQrCode(address)
    const corner = modules.slice(0, 7).map((row) =>
      row
        .slice(0, 7)
        .map((dark) => (dark ? '#' : '.'))
        .join(''),
    )
    expect(corner).toEqual(['#######', '#.....#', '#.###.#', '#.###.#', '#.###.#', '#.....#', '#######'])
  })

  it('is not all one colour', () => {
    const cells = createQrCode(address).modules.flat()
    expect(cells).toContain(true)
    expect(cells).toContain(false)
  })

  it('renders an SVG with the margin in the viewBox and the scale in its size', () => {
    const { svg, size } = createQrCode('hi')
    expect(size).toBe(21)
    // (21 + 2 × 4) × 4 = 116 pixels for 29 modules.
    expect(svg).toContain('width="116" height="116" viewBox="0 0 29 29"')
    expect(createQrCode('hi', { margin: 0, scale: 10 }).svg).toContain(
      'width="210" height="210" viewBox="0 0 21 21"',
    )
    expect(createQrCode('hi', { margin: 2, scale: 1 }).svg).toContain(
      'width="25" height="25" viewBox="0 0 25 25"',
    )
    expect(svg.match(/<path /g)).toHaveLength(1)
  })

  it('draws exactly the dark modules, shifted by the margin', () => {
    const { svg, modules } = createQrCode(address, { margin: 3 })
    const d = /d="([^"]*)"/.exec(svg)?.[1] ?? ''
    const drawn = new Set<string>()
    for (const [, x, y, width] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let dx = 0; dx < Number(width); dx++) drawn.add(`${Number(x) - 3 + dx},${Number(y) - 3}`)
    }
    const dark = new Set<string>()
    modules.forEach((row, y) => {
      row.forEach((isDark, x) => {
        if (isDark) dark.add(`${x},${y}`)
      })
    })
    expect(drawn).toEqual(dark)
  })

  it('keeps the encoded text out of the SVG', () => {
    const uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`
    expect(createQrCode(uri).svg).not.toContain('symKey')
  })

  it('refuses empty text with "No input text"', () => {
    const error = errorOf(() => createQrCode(''))
    expect(error).toBeInstanceOf(BaseError)
    expect(error.message).toBe('No input text')
  })

  it('refuses text too big for any QR code', () => {
    expect(errorOf(() => createQrCode('a'.repeat(5000))).message).toBe(
      'The amount of data is too big to be stored in a QR Code',
    )
  })

  it('says which version the text needs when the chosen one is too small', () => {
    expect(errorOf(() => createQrCode('a'.repeat(100), { version: 1 })).message).toMatchInlineSnapshot(`
      "The chosen QR Code version cannot contain this amount of data.

      Details: Minimum version required to store current data is: 6."
    `)
  })

  it.each([0, 41, 2.5, -1, Number.NaN])('refuses version %s and names the range', (version) => {
    expect(errorOf(() => createQrCode('hi', { version })).message).toBe(
      `Invalid QR Code version: ${version}. The version must be an integer from 1 to 40`,
    )
  })

  it('refuses bad rendering options', () => {
    const parameters: Record<string, never> = JSON.parse('{"errorCorrection": "Z"}')
    expect(errorOf(() => createQrCode('hi', parameters)).message).toBe(
      'Invalid error correction level: Z. Use L, M, Q or H',
    )
    expect(errorOf(() => createQrCode('hi', { margin: -1 })).message).toBe(
      'margin must be a non-negative integer',
    )
    expect(errorOf(() => createQrCode('hi', { margin: 1.5 })).message).toBe(
      'margin must be a non-negative integer',
    )
    expect(errorOf(() => createQrCode('hi', { scale: 0 })).message).toBe('scale must be a positive number')
  })
})
