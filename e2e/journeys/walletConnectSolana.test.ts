import { ed25519 } from '@noble/curves/ed25519'
import { address, createSolanaRpc, getBase58Encoder } from '@solana/kit'
import { describe, expect } from 'vitest'
import { checkAccessibility } from '../support/checkAccessibility'
import { requestDappConnection } from '../support/connectToDapp'
import { test } from '../support/journeyTest'
import { saveScreenshots } from '../support/saveScreenshots'
import { startWalletConnectDapp } from '../support/startWalletConnectDapp'
import { SOLANA_MESSAGE } from '../support/walletConnectDapp/solana'
import { fundWithSandboxCard, signInWithEmail } from '../support/walletSteps'

// The devnet's local LiteSVM cluster, standing in for Solana devnet.
const CLUSTER = 'Solana Devnet (local)'

describe('the wallet answers a Solana app over WalletConnect', () => {
  test('connects with the Solana address, signs a message the app can verify, refuses one, and sends SOL', async ({
    world,
    browser,
  }) => {
    const { solana } = world.devnet.urls
    const dapp = await startWalletConnectDapp(world.devnet.urls.relay, solana)
    const rpc = createSolanaRpc(solana.rpcUrl)
    const walletContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const appContext = await browser.newContext()
    try {
      const wallet = await walletContext.newPage()
      const app = await appContext.newPage()
      await signInWithEmail(wallet, world, 'wc-solana@example.com')
      // SOL for the fee and the transfer, bought with the sandbox's test card on the local cluster.
      await fundWithSandboxCard(wallet, { chain: CLUSTER, asset: 'SOL', amount: '0.05' })

      // The app asks for Solana only: the wallet offers its local cluster, in words.
      const proposal = await requestDappConnection(wallet, app, dapp.url, 'Connect a Solana wallet')
      await proposal.getByText(CLUSTER, { exact: true }).waitFor()
      await proposal
        .getByText(`See your address and ask for signatures and transactions on ${CLUSTER}`)
        .waitFor()
      await saveScreenshots(wallet, 'walletconnect-solana', 'proposal')
      expect(await checkAccessibility(wallet)).toEqual([])
      await proposal.getByRole('button', { name: 'Approve' }).click()

      // The app sees the person's Solana address (base58), not the Ethereum one.
      const status = app.locator('#status')
      await app.getByText(/^Connected: .+ \(Satchel Wallet\)$/).waitFor({ timeout: 30_000 })
      const owner =
        /^Connected: ([1-9A-HJ-NP-Za-km-z]{32,44}) /.exec((await status.textContent()) ?? '')?.[1] ?? ''
      expect(owner).not.toBe('')
      await wallet.getByRole('button', { name: 'Disconnect Test dApp' }).waitFor()
      expect(await wallet.locator('.connections__session').textContent()).toContain(CLUSTER)

      // A message is shown as text; approved, its signature verifies against the Solana address.
      const request = wallet.locator('.connections__request')
      await app.getByRole('button', { name: 'Sign a Solana message' }).click()
      await request.getByText(SOLANA_MESSAGE).waitFor({ timeout: 30_000 })
      expect(await request.textContent()).toContain(`Test dApp asks you to sign a message on ${CLUSTER}`)
      await saveScreenshots(wallet, 'walletconnect-solana', 'message')
      expect(await checkAccessibility(wallet)).toEqual([])
      await request.getByRole('button', { name: 'Approve' }).click()
      await app.getByText('Signed', { exact: true }).waitFor({ timeout: 30_000 })
      const bytes = (base58: string) => Uint8Array.from(getBase58Encoder().encode(base58))
      const signature = bytes((await app.getByLabel('Signature').textContent()) ?? '')
      expect(signature).toHaveLength(64)
      const message = new TextEncoder().encode(SOLANA_MESSAGE)
      expect(ed25519.verify(signature, message, bytes(owner))).toBe(true)
      expect(ed25519.verify(signature, new TextEncoder().encode('something else'), bytes(owner))).toBe(false)

      // Rejected, the app gets WalletConnect's user-rejected error.
      await app.getByRole('button', { name: 'Sign a Solana message' }).click()
      await request.getByText(SOLANA_MESSAGE).waitFor({ timeout: 30_000 })
      await request.getByRole('button', { name: 'Reject' }).click()
      await app.getByText(/^Refused \(5000\)/).waitFor({ timeout: 30_000 })

      // A transfer is read out: how much, to whom in full, the fee and who pays; sent, it lands.
      const recipient = address((await app.getByLabel('Solana recipient').textContent()) ?? '')
      const balance = async () => (await rpc.getBalance(recipient, { commitment: 'confirmed' }).send()).value
      const before = await balance()
      await app.getByRole('button', { name: 'Send 0.01 SOL' }).click()
      await request
        .getByText(`Test dApp asks you to approve a transaction on ${CLUSTER}`)
        .waitFor({ timeout: 30_000 })
      expect(await request.locator('.send__changes').textContent()).toBe(
        `Send 0.01 SOL from you to ${recipient}`,
      )
      const summary = (await request.locator('.connections__summary').textContent()) ?? ''
      expect(summary).toContain('Network fee0.000005 SOL')
      expect(summary).toContain('Fee paid byYou')
      expect(await request.getByRole('alert').count()).toBe(0)
      await saveScreenshots(wallet, 'walletconnect-solana', 'send')
      expect(await checkAccessibility(wallet)).toEqual([])
      await request.getByRole('button', { name: 'Approve and send' }).click()
      await app.getByText(/^Sent: [1-9A-HJ-NP-Za-km-z]{64,88}$/).waitFor({ timeout: 30_000 })
      await wallet.getByText('Approved: your wallet answered Test dApp.').waitFor()
      await expect.poll(balance, { timeout: 15_000 }).toBe(before + 10_000_000n)
      await saveScreenshots(wallet, 'walletconnect-solana', 'answered')

      // A transaction that also calls a program the wallet cannot read is a danger, named, and has to
      // be acknowledged before Approve works; rejected, the app is told so.
      await app.getByRole('button', { name: 'Ask to sign an unreadable transaction' }).click()
      const danger = request.getByRole('alert')
      await danger.getByText('Danger: this transaction does things this wallet cannot read.').waitFor({
        timeout: 30_000,
      })
      expect(await danger.textContent()).toContain('It runs instructions of Stake...1111.')
      expect(await request.locator('.send__changes').textContent()).toBe(
        `Send 0.01 SOL from you to ${recipient}`,
      )
      const approve = request.getByRole('button', { name: 'Approve' })
      expect(await approve.isDisabled()).toBe(true)
      await request
        .getByLabel('I understand this request looks dangerous and want to approve it anyway')
        .check()
      expect(await approve.isDisabled()).toBe(false)
      await saveScreenshots(wallet, 'walletconnect-solana', 'unreadable')
      expect(await checkAccessibility(wallet)).toEqual([])
      await request.getByRole('button', { name: 'Reject' }).click()
      await app.getByText(/^Refused \(5000\)/).waitFor({ timeout: 30_000 })
    } finally {
      await walletContext.close()
      await appContext.close()
      await dapp.close()
    }
    // Run alone, this test also pays for starting the devnet and Chromium (the worker's fixtures).
  }, 360_000)
})
