import { filecoinCalibration as viemFilecoinCalibration } from 'viem/chains'
import { defineSatchelChain } from '../defineSatchelChain'

export const filecoinCalibration = defineSatchelChain(viemFilecoinCalibration, {
  network: 'filecoin-calibration',
  testnet: true,
})
