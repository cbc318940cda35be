import { describe, expect, it } from 'vitest'
import { ageSignIns } from '../support/ageSignIns'
import { checkAccessibility } from '../support/checkAccessibility'
import { browser, setUpJourney, world } from '../support/journeyTest'
import { readOutboxCode } from '../support/readOutboxCode'
import { saveScreenshot } from '../support/saveScreenshot'
import { openScreen, signInWithEmail } from '../support/walletSteps'

setUpJourney()

describe('settings', () => {
  it('links and unlinks ways in, with the rules’ own messages when one is refused', async () => {
    // Someone else already signs in with owner@example.com.
    const other = await browser.newContext()
    await signInWithEmail(await other.newPage(), world, 'owner@example.com')
    await other.close()

    const context = await browser.newContext()
    const page = await context.newPage()
    await signInWithEmail(page, world, 'linker@example.com')
    await openScreen(page, 'Settings')
    const ways = page.getByRole('region', { name: 'Ways to sign in' })

    const link = async (button: string, label: string, value: string, recipient: string) => {
      await ways.getByRole('button', { name: button }).click()
      await ways.getByLabel(label).fill(value)
      await ways.getByRole('button', { name: 'Send code' }).click()
      const code = await readOutboxCode(context, world.outboxUrl, recipient)
      await ways.getByLabel(`Code sent to ${recipient}`).fill(code)
      await ways.getByRole('button', { name: 'Link', exact: true }).click()
    }

    await link('Link an email', 'Email to link', 'owner@example.com', 'owner@example.com')
    await ways.getByRole('alert').getByText('This account is linked to another user').waitFor()

    await ways.getByRole('button', { name: 'Cancel' }).click()
    await link(
      'Link a phone',
      'Phone number to link, with its country code',
      '+1 415 555 0100',
      '+14155550100',
    )
    await ways.getByText('Linked +14155550100').waitFor()
    await ways.getByRole('listitem').getByText('Phone ••••••••0100').waitFor()
    await saveScreenshot(page, 'settings', 'linked-accounts')
    expect(await checkAccessibility(page)).toEqual([])

    // Ten minutes later: removing a way in now needs the person to confirm it's them.
    await ageSignIns(world, 10)
    await ways.getByRole('button', { name: 'Unlink Email linker@example.com' }).click()
    // Asked first, in words; cancelling leaves the email where it was.
    const question = ways.getByRole('alertdialog', { name: 'Unlink Email linker@example.com?' })
    await question.getByText('You will no longer be able to sign in with it.').waitFor()
    await saveScreenshot(page, 'settings', 'unlink-question')
    expect(await checkAccessibility(page)).toEqual([])
    await question.getByRole('button', { name: 'Cancel' }).click()
    expect(await question.count()).toBe(0)
    await ways.getByRole('button', { name: 'Unlink Email linker@example.com' }).click()
    await question.getByRole('button', { name: 'Unlink', exact: true }).click()

    // The sign-in is too old: a new code to one of the person's own addresses confirms it's them.
    const confirm = ways.getByRole('form', { name: "Confirm it's you" })
    await confirm.getByText('Unlinking Email linker@example.com needs you to confirm it').waitFor()
    await confirm.getByRole('radio', { name: 'Text to ••••••••0100' }).check()
    await confirm.getByRole('radio', { name: 'Email to linker@example.com' }).check()
    await confirm.getByRole('button', { name: 'Send the code' }).click()
    await confirm.getByLabel('Code from the email').waitFor()
    const code = await readOutboxCode(context, world.outboxUrl, 'linker@example.com')
    await confirm.getByLabel('Code from the email').fill(code)
    await saveScreenshot(page, 'settings', 'unlink-confirm-its-you')
    expect(await checkAccessibility(page)).toEqual([])
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await ways.getByText('Unlinked linker@example.com').waitFor()

    // The phone is now the only way in: removing it is refused, in the rule's words.
    await ways.getByRole('button', { name: 'Unlink Phone ••••••••0100' }).click()
    await ways
      .getByRole('alertdialog', { name: 'Unlink Phone ••••••••0100?' })
      .getByRole('button', { name: 'Unlink', exact: true })
      .click()
    await ways.getByRole('alert').getByText('The last way to sign in cannot be unlinked').waitFor()
    expect(await ways.getByRole('listitem').count()).toBe(1)
    await context.close()
  })

  it('sets a recovery passcode from a generated passphrase, with the entropy meter judging each try', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInWithEmail(page, world, 'locksmith@example.com')
    await openScreen(page, 'Settings')
    const recovery = page.getByRole('region', { name: 'Recovery passcode' })
    await recovery.getByText('Status: Not set').waitFor()
    const passcode = recovery.getByLabel('Passcode', { exact: true })
    const set = recovery.getByRole('button', { name: 'Set passcode' })

    // 'hunter2': 7 characters from 36 -> about 36 bits: too easy, and the button says so by staying off.
    await passcode.fill('hunter2')
    await recovery.getByText('Strength: fair, about 36 bits (at least 40 bits needed)').waitFor()
    expect(await set.isDisabled()).toBe(true)

    await recovery.getByRole('button', { name: 'Generate a passphrase' }).click()
    // The word list loads on first use: wait for the meter to judge the new passphrase, then read it.
    await recovery.getByText(/Strength: strong, about 66 bits/).waitFor()
    const generated = await passcode.inputValue()
    expect(generated.split('-')).toHaveLength(6)
    await saveScreenshot(page, 'settings', 'recovery-passcode')
    expect(await checkAccessibility(page)).toEqual([])
    await set.click()
    await recovery.getByText('Recovery passcode saved.').waitFor()
    await recovery.getByText('Status: Set, unlocked on this device').waitFor()

    const signers = page.getByRole('region', { name: 'Delegated signers' })
    // None granted yet: the list says so (granting and revoking: delegatedSigners.test.ts).
    await signers.getByText('No app can sign for you').waitFor()
    await context.close()
  })
})
