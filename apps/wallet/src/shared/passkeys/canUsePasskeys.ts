/**
 * Whether this browser can make passkeys (WebAuthn with the JSON helpers of WebAuthn level 3), so a
 * screen offers them only where they work.
 *
 * @example
 * if (!canUsePasskeys()) showOtherMethods()
 */
export function canUsePasskeys(): boolean {
  return (
    typeof PublicKeyCredential !== 'undefined' &&
    typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function' &&
    typeof navigator.credentials?.create === 'function'
  )
}
