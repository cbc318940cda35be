import { expect, test } from 'vitest'
import { satchelUsd } from './artifacts'
import { compileContracts } from './compileContracts'

test('the committed artifacts are exactly what the Solidity sources compile to', () => {
  const { contracts } = compileContracts()
  expect(contracts.map((contract) => `${contract.contractName} -> ${contract.exportName}`)).toEqual([
    'SatchelUSD -> satchelUsd',
  ])
  const [compiled] = contracts
  const rerun =
    'packages/devchain/src/artifacts.ts is stale: run `npx tsx packages/devchain/scripts/compile-contracts.ts`'
  expect(compiled?.bytecode, rerun).toBe(satchelUsd.bytecode)
  expect(compiled?.abi, rerun).toEqual(satchelUsd.abi)
})
