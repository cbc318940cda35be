import { DEFAULT_PHONE_COUNTRY, parsePhone } from '@satchel/core'
import { useLoginWithSms } from '@satchel/react'
import { type FormEvent, useId, useMemo, useState } from 'react'
import { ErrorMessage } from '../../shared/ui/ErrorMessage'
import { TextField } from '../../shared/ui/TextField'
import { CodeStep } from './CodeStep'
import { type CountryCode, isCountryCode, listCountries } from './listCountries'

/**
 * Sign-in with a code sent by text message: a country picker with calling codes and the number, checked
 * for possibility in that country before a code is sent.
 */
export default function SmsSignIn() {
  const { state, sendCode, loginWithCode } = useLoginWithSms()
  const countries = useMemo(() => listCountries(navigator.language), [])
  const [country, setCountry] = useState<CountryCode>(
    isCountryCode(DEFAULT_PHONE_COUNTRY) ? DEFAULT_PHONE_COUNTRY : 'US',
  )
  const [number, setNumber] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [sentTo, setSentTo] = useState<string | undefined>(undefined)
  const id = useId()
  const error = state.status === 'error' ? state.error : undefined
  const countryName = countries.find((entry) => entry.code === country)?.name ?? country

  const send = (event?: FormEvent) => {
    event?.preventDefault()
    const phone = parsePhone(number, { defaultCountry: country })
    if (!phone.isPossible) {
      setInvalid(true)
      return
    }
    setInvalid(false)
    sendCode({ phoneNumber: phone.e164 }).then(
      () => setSentTo(phone.e164),
      () => {},
    )
  }

  if (sentTo)
    return (
      <CodeStep
        destination={sentTo}
        pending={state.status === 'submitting-code'}
        error={error}
        onSubmit={(code) => void loginWithCode({ code }).catch(() => {})}
        onResend={() => send()}
        onChangeDestination={() => setSentTo(undefined)}
        changeLabel="Use another number"
      />
    )
  return (
    <form onSubmit={send} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-country`}>
          Country
        </label>
        <select
          id={`${id}-country`}
          className="select"
          value={country}
          onChange={(event) => isCountryCode(event.target.value) && setCountry(event.target.value)}
        >
          {countries.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.name} (+{entry.callingCode})
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={`${id}-number`}
        label="Phone number"
        type="tel"
        autoComplete="tel-national"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={invalid && `This is not a possible phone number in ${countryName}`}
      />
      {error ? <ErrorMessage error={error} /> : null}
      <button type="submit" className="button button--block" disabled={state.status === 'sending-code'}>
        {state.status === 'sending-code' ? 'Sending code…' : 'Text me a code'}
      </button>
    </form>
  )
}
