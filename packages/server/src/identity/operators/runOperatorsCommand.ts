import { parseArgs } from 'node:util'
import type { Db } from '../../platform/db/createDatabase'
import { inviteOperator, listOperators, OPERATOR_ROLES, type OperatorRole } from './operators'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * `satchel operators invite --email EMAIL --role owner|admin|viewer` and `satchel operators list
 * [--json]`: the server's shell is where the first owner comes from (and where a locked-out team
 * gets back in). Answers the lines to print; `usage` makes the error a command-line mistake.
 *
 * @example
 * await runOperatorsCommand(db, 'invite', ['--email', 'ops@example.com', '--role', 'owner'], usage)
 */
export async function runOperatorsCommand(
  db: Db,
  sub: string | undefined,
  args: string[],
  usage: (message: string) => Error,
): Promise<string[]> {
  if (sub === 'invite') {
    const { values } = parseArgs({
      args,
      options: { email: { type: 'string' }, role: { type: 'string' } },
    })
    if (!values.email || !EMAIL.test(values.email)) throw usage('--email EMAIL is required')
    const role = OPERATOR_ROLES.find((one) => one === values.role)
    if (!role) throw usage(`--role must be one of ${OPERATOR_ROLES.join(', ')}`)
    const operator = await inviteOperator(db, { email: values.email, role, invitedBy: 'cli' })
    return [
      `${operator.email} is ${article(role)} ${role} of the Satchel console${operator.userId ? '' : ' (from their first sign-in with that email)'}.`,
    ]
  }
  if (sub === 'list') {
    const json = args.includes('--json')
    return (await listOperators(db)).map((one) =>
      json
        ? JSON.stringify({ id: one.id, email: one.email, role: one.role, accepted: one.userId !== null })
        : `${one.id}  ${one.email}  ${one.role}  ${one.userId ? 'active' : 'invited'}`,
    )
  }
  throw usage(`unknown command: operators ${sub ?? ''}`.trim())
}

const article = (role: OperatorRole) => (role === 'owner' ? 'an' : role === 'admin' ? 'an' : 'a')
