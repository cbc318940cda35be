import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInWithEmail } from '../../../test/signInWithEmail'
import { startServer, type TestStack } from '../../../test/startServer'
import { StepUpRequiredError } from '../../errors/errors'
import { exportWallet } from './exportWallet'
import { getStepUpMethods } from './getStepUpMethods'
import { linkPhone } from './linkAccount'
import { sendEmailCode } from './loginWithEmail'
import { sendSmsCode } from './loginWithSms'
import { reauthenticateWithEmail, reauthenticateWithSms } from './reauthenticate'

let stack: TestStack
beforeAll(async () => {
  stack = await startServer()
})
afterAll(async () => {
  await stack?.close()
})

const signIn = (email: string) => signInWithEmail(stack, email)

/** Six minutes later: the sign-in no longer counts as a recent login. */
const waitPastFreshLogin = () => stack.ageSignIns(6 * 60_000)

describe('step-up in the SDK', () => {
  it('an export the server wants confirmed fails with StepUpRequiredError, and works after a code to the email', async () => {
    const client = await signIn('stepup-export@example.com')
    await waitPastFreshLogin()
    const refused = await exportWallet(client).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(StepUpRequiredError)
    expect(refused).toMatchObject({ code: 'reauthentication_required', reason: 'reauthentication' })

    const state = client.getState()
    if (state.status !== 'authenticated') throw new Error('signed out')
    expect(getStepUpMethods(state.user)).toEqual({
      mfa: [],
      reauthenticate: [{ type: 'email', email: 'stepup-export@example.com' }],
    })
    await sendEmailCode(client, { email: 'stepup-export@example.com' })
    const { reauthenticatedAt } = await reauthenticateWithEmail(client, {
      email: 'stepup-export@example.com',
      code: await stack.latestCode('stepup-export@example.com'),
    })
    expect(reauthenticatedAt).toBeGreaterThan(0)
    expect((await exportWallet(client)).secret).toMatch(/^0x[0-9a-f]{64}$/)
    client.destroy()
  })

  it('links a phone (signed), then confirms with a code texted to it', async () => {
    const client = await signIn('stepup-phone@example.com')
    await sendSmsCode(client, { phoneNumber: '+14155550177' })
    const user = await linkPhone(client, {
      phoneNumber: '+14155550177',
      code: await stack.latestCode('+14155550177'),
    })
    expect(getStepUpMethods(user).reauthenticate).toContainEqual({
      type: 'phone',
      phoneNumber: '+14155550177',
    })
    await waitPastFreshLogin()
    await expect(exportWallet(client)).rejects.toBeInstanceOf(StepUpRequiredError)
    await sendSmsCode(client, { phoneNumber: '+14155550177' })
    await reauthenticateWithSms(client, {
      phoneNumber: '+14155550177',
      code: await stack.latestCode('+14155550177'),
    })
    expect((await exportWallet(client)).secret).toMatch(/^0x[0-9a-f]{64}$/)
    client.destroy()
  })

  it('logs out everywhere with a signed request: the other session ends too', async () => {
    const laptop = await signIn('stepup-everywhere@example.com')
    const phone = await signIn('stepup-everywhere@example.com')
    await laptop.logout({ all: true })
    expect(laptop.getState().status).toBe('unauthenticated')
    await expect(phone.refresh()).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
    laptop.destroy()
    phone.destroy()
  })
})
