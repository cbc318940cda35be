import { useMemo, useState } from 'react'
import { loginWithSms, sendSmsCode } from '../client/actions/loginWithSms'
import type { SatchelClient } from '../client/createSatchelClient'
import { CodeLoginScreen } from './CodeLoginScreen'
import { getCountryOptions, parsePhone, toCountryCode } from './countries'

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
  const phone = parsePhone(number, { defaultCountry: country })
  return (
    <CodeLoginScreen
      sentTo={phone.e164}
      invalid={phone.isPossible ? undefined : 'This phone number is not possible for the chosen country'}
      submitLabel="Continue with SMS"
      send={() => sendSmsCode(client, { phoneNumber: phone.e164 })}
      login={(code) => loginWithSms(client, { phoneNumber: phone.e164, code })}
    >
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
    </CodeLoginScreen>
  )
}
