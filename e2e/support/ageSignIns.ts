import type { JourneyDevnet } from './startJourneyDevnet'

/**
 * Moves every session's sign-in (and its last "Confirm it's you") `minutes` into the past, as if the
 * person had been signed in that long: what the server judges "a recent login" by. Faster than
 * waiting, and nothing else about the session changes.
 *
 * @example
 * await ageSignIns(world, 10)
 */
export async function ageSignIns(world: JourneyDevnet, minutes: number): Promise<void> {
  await world.devnet.server.satchel.db.query(
    `update sessions set created_at = created_at - make_interval(mins => $1),
       reauthenticated_at = reauthenticated_at - make_interval(mins => $1)`,
    [minutes],
  )
}
