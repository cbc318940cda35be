import { type FormEvent, useMemo, useState } from 'react'
import { loginWithSms, sendSmsCode } from '../client/actions/loginWithSms'
import type { SatchelClient } from '../client/createSatchelClient'
import { CodeForm } from './CodeForm'
import { getCountryOptions, parsePhone, toCountryCode } from './countries'
import { describeError } from './describeError'
import { ErrorAlert } from './ErrorAlert'

/**
 * SMS login inside the modal: country (with calling code) and number, checked for possibility before
 * anything is sent, then the code. Loaded lazily with the phone metadata.
 *
 * @example
 * <SmsScreen client={client} defaultCountry="GB" />
 */
export default function SmsScreen({
  client,
  defaultCountry,
}: {
  client: SatchelClient
  defaultCountry?: string | undefined
}) {
  const countries = useMemo(() => getCountryOptions(), [])
  const [country, setCountry] = useState(() => toCountryCode(defaultCountry))
  const [number, setNumber] = useState('')
  const [step, setStep] = useState<'number' | 'sending' | 'code'>('number')
  const [error, setError] = useState<string>()
  const phone = parsePhone(number, { defaultCountry: country })

  const send = async (event?: FormEvent) => {
    event?.preventDefault()
    if (!phone.isPossible) {
      setError('This phone number is not possible for the chosen country')
      return
    }
    setStep('sending')
    setError(undefined)
    try {
      await sendSmsCode(client, { phoneNumber: phone.e164 })
      setStep('code')
    } catch (failure) {
      setError(describeError(failure))
      setStep('number')
    }
  }

  if (step === 'code') {
    return (
      <CodeForm
        sentTo={phone.e164}
        onSubmit={(code) => loginWithSms(client, { phoneNumber: phone.e164, code })}
        onResend={() => sendSmsCode(client, { phoneNumber: phone.e164 })}
        onBack={() => setStep('number')}
      />
    )
  }
  return (
    <form className="satchel-form" onSubmit={send}>
      <label className="satchel-label" htmlFor="satchel-phone">
        Phone number
      </label>
      <div className="satchel-row">
        <select
          className="satchel-select"
          aria-label="Country"
          value={country}
          onChange={(event) => setCountry(toCountryCode(event.target.value))}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name} (+{option.callingCode})
            </option>
          ))}
        </select>
        <input
          id="satchel-phone"
          className="satchel-input"
          type="tel"
          autoComplete="tel-national"
          required
          value={number}
          onChange={(event) => setNumber(event.target.value)}
        />
      </div>
      <button className="satchel-button satchel-button--primary" type="submit" disabled={step === 'sending'}>
        {step === 'sending' ? 'Sending code…' : 'Continue with SMS'}
      </button>
      {step === 'sending' && (
        <p className="satchel-status" role="status">
          Sending a code to {phone.e164}…
        </p>
      )}
      <ErrorAlert error={error} />
    </form>
  )
}
