/** The ways into an app an operator can turn on, one list for the server and the console. */
export const LOGIN_METHODS = [
  'email',
  'sms',
  'guest',
  'custom_jwt',
  'siwe',
  'siws',
  'oauth',
  'passkey',
  'telegram',
  'farcaster',
] as const

export type LoginMethod = (typeof LOGIN_METHODS)[number]
