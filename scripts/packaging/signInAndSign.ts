import type { Page } from 'playwright-core'
import { isAddress, isHex, verifyMessage } from 'viem'
import { z } from 'zod'

const outboxSchema = z.object({ messages: z.array(z.object({ text: z.string() })) })

export type SignInAndSignParameters = {
  page: Page
  /** The Satchel server (its dev outbox holds the code). */
  serverUrl: string
  appId: string
  email: string
}

/** The newest 6-digit code the server's dev outbox holds for an address, waiting for it to arrive. */
async function readCode({ serverUrl, appId, email }: Omit<SignInAndSignParameters, 'page'>) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${serverUrl}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`, {
      headers: { 'satchel-app-id': appId },
    })
    const { messages } = outboxSchema.parse(await response.json())
    const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No code reached the outbox for ${email}`)
}

/**
 * What a person does in an example app: opens the login modal, signs in with an email code (read from
 * the server's dev outbox), waits for the embedded wallet the app creates on login, and signs
 * "Hello from Satchel" with it. Answers the user's id and the wallet's address once viem has checked
 * that the signature is the wallet's.
 *
 * @example
 * const { userId, address } = await signInAndSign({ page, serverUrl, appId, email: 'ada@example.com' })
 */
export async function signInAndSign({ page, serverUrl, appId, email }: SignInAndSignParameters) {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' })
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Continue with email' }).click()
  await dialog.getByLabel(/Enter the code/).fill(await readCode({ serverUrl, appId, email }))
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()

  const userId = (await page.getByTestId('user-id').filter({ hasText: /^usr_/ }).textContent()) ?? ''
  const address =
    (await page
      .getByTestId('address')
      .filter({ hasText: /^0x[0-9a-fA-F]{40}$/ })
      .textContent()) ?? ''
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const signature = await page
    .getByTestId('signature')
    .filter({ hasText: /^0x[0-9a-f]+$/ })
    .textContent()
  if (!isAddress(address) || !isHex(signature)) throw new Error(`No wallet or signature: ${address}`)
  const valid = await verifyMessage({ address, message: 'Hello from Satchel', signature })
  if (!valid) throw new Error(`The signature is not ${address}'s`)
  return { userId, address }
}
