import { createQrCode } from '@satchel/core'
import { useMemo } from 'react'

/**
 * A QR code drawn as one SVG path from core's modules (crisp at any size, no HTML injected).
 *
 * @example
 * <QrCode value="ethereum:0x1234…@31337" label="QR code of your address" />
 */
export function QrCode({ value, label, size = 224 }: { value: string; label: string; size?: number }) {
  const qr = useMemo(() => createQrCode(value, { margin: 4 }), [value])
  const margin = 4
  const side = qr.size + margin * 2
  const path = useMemo(() => {
    const parts: string[] = []
    qr.modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x + margin} ${y + margin}h1v1h-1z`)
      })
    })
    return parts.join('')
  }, [qr])
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
