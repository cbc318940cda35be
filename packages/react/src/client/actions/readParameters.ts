/** What every read action takes besides its own parameters. */
export type ReadParameters = {
  /** Aborts the request (the hooks abort a read whose answer is no longer wanted). */
  signal?: AbortSignal | undefined
}
