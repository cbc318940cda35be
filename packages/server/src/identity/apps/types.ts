export const loginMethods = [
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
export type LoginMethod = (typeof loginMethods)[number]

export type App = {
  id: string
  name: string
  allowedOrigins: string[]
  loginMethods: LoginMethod[]
  mode: 'development' | 'production'
  devUserLimit: number | null
  requireTerms: boolean
  cookieMode: boolean
  /** Per-method configuration (custom JWT issuer, OAuth providers, MFA for signing, ...). */
  settings: AppSettings
  createdAt: Date
}

export type AppSettings = {
  customJwt?: {
    jwksUrl?: string
    publicKeyPem?: string
    issuer?: string
    audience?: string
    subjectClaim?: string
  }
  [key: string]: unknown
}
