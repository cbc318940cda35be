// @satchel/react/wagmi: the wagmi connector, a separate entry so apps without wagmi never load it.
export { type SatchelConnectorParameters, satchelConnector } from './satchelConnector'
