import { expect, test } from 'vitest'
import { satchelUsd } from './artifacts'
import { compileContracts } from './compileContracts'

test('the committed artifacts are exactly what the Solidity sources compile to', () => {
  const { contracts } = compileContracts()
  expect(contracts.map((contract) => `${contract.contractName} -> ${contract.exportName}`)).toEqual([
    'SatchelUSD -> satchelUsd',
  ])
  const [compiled] = contracts
  const rerun = 'devchain/artifacts.ts is stale: run `npx tsx packages/server/scripts/compile-contracts.ts`'
  expect(compiled?.bytecode, rerun).toBe(satchelUsd.bytecode)
  expect(compiled?.abi, rerun).toEqual(satchelUsd.abi)
})
