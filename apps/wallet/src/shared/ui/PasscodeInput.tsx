import type { ComponentProps } from 'react'

export type PasscodeInputProps = Omit<ComponentProps<'input'>, 'type' | 'className' | 'spellCheck'> & {
  /** Whether the passcode shows as text. */
  visible: boolean
  onVisibleChange: (visible: boolean) => void
}

/**
 * A passcode input with its Show / Hide button: hidden by default, shown on request so a long
 * passphrase can be checked before it is saved or used.
 *
 * @example
 * <PasscodeInput id={`${id}-passcode`} autoComplete="current-password" value={passcode} onChange={(event) => setPasscode(event.target.value)} visible={visible} onVisibleChange={setVisible} />
 */
export function PasscodeInput({ visible, onVisibleChange, ...input }: PasscodeInputProps) {
  return (
    <div className="field__row">
      <input className="input" type={visible ? 'text' : 'password'} spellCheck={false} {...input} />
      <button type="button" className="button button--secondary" onClick={() => onVisibleChange(!visible)}>
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  )
}
