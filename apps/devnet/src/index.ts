// @satchel/devnet: the local world for `npm start` and tests.
export { type CreateRelayParameters, type CreateRelayReturnType, createRelay } from './relay/createRelay'
export {
  DEFAULT_PORTS,
  DEVNET_OPERATOR_EMAIL,
  type Devnet,
  type DevnetPorts,
  type StartDevnetParameters,
  startDevnet,
} from './startDevnet'
