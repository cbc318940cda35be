import QRCode from 'qrcode'
import {
  QR_DEFAULT_ERROR_CORRECTION,
  QR_DEFAULT_MARGIN,
  QR_DEFAULT_SCALE,
  QR_MAX_VERSION,
  QR_MIN_VERSION,
} from '../constants'
import { BaseError } from '../errors/BaseError'

/** QR error correction: L recovers about 7 % of the symbol, M 15 %, Q 25 %, H 30 %. */
export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H'

export type CreateQrCodeParameters = {
  /** 1 to 40; the smallest version that holds the text when absent. */
  version?: number | undefined
  /** Defaults to M. */
  errorCorrection?: QrErrorCorrection | undefined
  /** Quiet zone around the symbol, in modules. Defaults to 4. */
  margin?: number | undefined
  /** Pixels per module in the SVG's width and height. Defaults to 4. */
  scale?: number | undefined
}

export type QrCode = {
  version: number
  /** Modules per side: 4 × version + 17. */
  size: number
  /** `modules[row][column]` is true for a dark module. */
  modules: boolean[][]
  errorCorrection: QrErrorCorrection
  /** The symbol with its quiet zone as one SVG path; the encoded text is not in it. */
  svg: string
}

/**
 * A QR code error, with the `qrcode` package's messages: `No input text`, `The amount of data is too
 * big to be stored in a QR Code`, and one for a version outside 1-40.
 *
 * @example
 * throw new QrCodeError('No input text')
 */
export class QrCodeError extends BaseError {
  override name = 'QrCodeError'
}

const errorCorrections: readonly QrErrorCorrection[] = ['L', 'M', 'Q', 'H']

/**
 * Encodes text (an address, a `wc:` URI) as a QR code: the module matrix for any renderer and a
 * ready SVG. Validates what `qrcode` would quietly ignore, such as a version outside 1-40.
 *
 * @example
 * const { svg, size } = createQrCode('ethereum:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
 */
export function createQrCode(
  text: string,
  {
    version,
    errorCorrection = QR_DEFAULT_ERROR_CORRECTION,
    margin = QR_DEFAULT_MARGIN,
    scale = QR_DEFAULT_SCALE,
  }: CreateQrCodeParameters = {},
): QrCode {
  if (typeof text !== 'string' || text.length === 0) throw new QrCodeError('No input text')
  // qrcode silently picks its own version for 0, 41 or 2.5, which would hide a caller's mistake.
  if (
    version !== undefined &&
    !(Number.isInteger(version) && version >= QR_MIN_VERSION && version <= QR_MAX_VERSION)
  ) {
    throw new QrCodeError(
      `Invalid QR Code version: ${version}. The version must be an integer from ${QR_MIN_VERSION} to ${QR_MAX_VERSION}`,
    )
  }
  if (!errorCorrections.includes(errorCorrection)) {
    throw new QrCodeError(`Invalid error correction level: ${errorCorrection}. Use L, M, Q or H`)
  }
  if (!Number.isInteger(margin) || margin < 0) throw new QrCodeError('margin must be a non-negative integer')
  if (!Number.isFinite(scale) || scale <= 0) throw new QrCodeError('scale must be a positive number')

  let symbol: QRCode.QRCode
  try {
    symbol = QRCode.create(text, {
      errorCorrectionLevel: errorCorrection,
      ...(version !== undefined && { version }),
    })
  } catch (cause) {
    // qrcode's messages may span lines ("...cannot contain this amount of data.\nMinimum version
    // required..."): the first line is the message, the rest the details.
    const [message = 'Could not create the QR code', ...details] = String(
      cause instanceof Error ? cause.message : cause,
    )
      .trim()
      .split('\n')
    throw new QrCodeError(message, { details: details.join(' ') || undefined, cause })
  }

  const size = symbol.modules.size
  const modules = Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => symbol.modules.get(row, column) === 1),
  )
  return { version: symbol.version, size, modules, errorCorrection, svg: renderSvg(modules, margin, scale) }
}

function renderSvg(modules: boolean[][], margin: number, scale: number): string {
  const side = modules.length + 2 * margin
  let path = ''
  // One rectangle per horizontal run of dark modules keeps the path short.
  modules.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (row[x]) x++
      path += `M${start + margin} ${y + margin}h${x - start}v1h-${x - start}z`
    }
  })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side * scale}" height="${side * scale}" ` +
    `viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  )
}
