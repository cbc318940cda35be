interface ImportMetaEnv {
  /** The app id `npx satchel apps create` printed. */
  readonly VITE_SATCHEL_APP_ID: string
  /** Where `npx satchel serve` listens, e.g. http://127.0.0.1:8787. */
  readonly VITE_SATCHEL_SERVER_URL: string
}
