import { PHONE_MASK_VISIBLE_CHARACTERS } from '../constants'

/**
 * Hides a phone number except its last 4 characters, for showing which number a code was sent to.
 * Every earlier character except spaces becomes `•`, so the number keeps its shape.
 *
 * @example
 * maskPhone('+1 213 373 4253') // '•• ••• ••• 4253'
 */
export function maskPhone(value: string): string {
  // Array.from splits by code point, so a character outside the BMP is masked as one dot.
  const characters = Array.from(value)
  if (characters.length <= PHONE_MASK_VISIBLE_CHARACTERS) return value
  const hidden = characters.length - PHONE_MASK_VISIBLE_CHARACTERS
  return characters
    .map((character, index) => (index < hidden && character !== ' ' ? '•' : character))
    .join('')
}
