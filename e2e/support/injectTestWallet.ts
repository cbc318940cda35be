import type { Page } from 'playwright-core'
import { isHex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'

export type InjectTestWalletParameters = {
  account: PrivateKeyAccount
  /** What the wallet announces itself as (EIP-6963 `info.name`). */
  name: string
  chainId: number
  /** Rejects the next N `personal_sign` requests as a person pressing "Reject" does (EIP-1193 4001). */
  rejectSignatures?: number
}

type Answer = { result: unknown } | { error: { code: number; message: string } }

declare global {
  interface Window {
    __satchelTestWallet?: (method: string, params: unknown) => Promise<Answer>
  }
}

/**
 * Gives the page a browser wallet, announced through EIP-6963 like MetaMask or Rabby, whose EIP-1193
 * provider calls back into Node (page.exposeFunction), where a viem private-key account signs: the
 * signatures are real and the server verifies them as it would any wallet's. Answers how many
 * requests of each method the page made.
 *
 * @example
 * await injectTestWallet(page, { account: privateKeyToAccount(key), name: 'Test Wallet', chainId: 31337 })
 */
export async function injectTestWallet(
  page: Page,
  { account, name, chainId, rejectSignatures = 0 }: InjectTestWalletParameters,
): Promise<{ calls: Record<string, number> }> {
  const calls: Record<string, number> = {}
  let rejections = rejectSignatures
  await page.exposeFunction(
    '__satchelTestWallet',
    async (method: string, params: unknown): Promise<Answer> => {
      calls[method] = (calls[method] ?? 0) + 1
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return { result: [account.address] }
        case 'eth_chainId':
          return { result: `0x${chainId.toString(16)}` }
        case 'personal_sign': {
          const [message, address] = Array.isArray(params) ? params : []
          if (typeof message !== 'string' || String(address).toLowerCase() !== account.address.toLowerCase())
            return { error: { code: -32602, message: 'Invalid params' } }
          if (rejections > 0) {
            rejections -= 1
            return { error: { code: 4001, message: 'User rejected the request.' } }
          }
          // personal_sign takes hex bytes or text, as wallets do.
          const signed = isHex(message)
            ? await account.signMessage({ message: { raw: message } })
            : await account.signMessage({ message })
          return { result: signed }
        }
        default:
          return { error: { code: 4200, message: `Unsupported method ${method}` } }
      }
    },
  )
  await page.addInitScript(
    ({ walletName }) => {
      const provider = {
        async request({ method, params }: { method: string; params?: unknown }) {
          const bridge = window.__satchelTestWallet
          if (!bridge) throw Object.assign(new Error('The wallet is not ready'), { code: 4900 })
          const answer = await bridge(method, params ?? [])
          if ('error' in answer)
            throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
          return answer.result
        },
      }
      const info = {
        uuid: crypto.randomUUID(),
        name: walletName,
        icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Ccircle cx="12" cy="12" r="10" fill="%23f59e0b"/%3E%3C/svg%3E',
        rdns: 'dev.satchel.test-wallet',
      }
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
        )
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    },
    { walletName: name },
  )
  return { calls }
}
