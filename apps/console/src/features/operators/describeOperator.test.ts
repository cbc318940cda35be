import { describe, expect, it } from 'vitest'
import { confirmRemoveOperator, describeOperator, describeRole, ROLE_DESCRIPTIONS } from './describeOperator'
import { OPERATOR_ROLES } from './operatorSchemas'

describe('operators as the console shows them', () => {
  it('asks before removing, naming the operator, and warns someone removing themselves', () => {
    const accepted = { email: 'ops@example.com', acceptedAt: '2026-01-02T10:00:00.000Z' }
    expect(confirmRemoveOperator(accepted, false)).toBe(
      'Remove ops@example.com? They lose access to this console at once.',
    )
    expect(confirmRemoveOperator(accepted, true)).toBe(
      'Remove yourself (ops@example.com)? You lose access to this console at once.',
    )
    expect(confirmRemoveOperator({ ...accepted, acceptedAt: null }, false)).toBe(
      'Withdraw the invitation of ops@example.com?',
    )
  })

  it('tells an invitation still waiting from an operator who signed in', () => {
    const at = '2026-01-02T10:00:00.000Z'
    const local = new Date(at).toLocaleString()
    expect(describeOperator({ createdAt: at, acceptedAt: null })).toBe(`Invited ${local}: not signed in yet`)
    expect(describeOperator({ createdAt: at, acceptedAt: at })).toBe(`Operator since ${local}`)
  })

  it('offers every role the server knows, each saying what it may do', () => {
    expect(
      OPERATOR_ROLES.map((role) => `${describeRole(role)} — ${ROLE_DESCRIPTIONS[role]}`),
    ).toMatchInlineSnapshot(`
      [
        "Owner — Owner: everything, including who operates the console",
        "Admin — Admin: changes every app, not the operators",
        "Viewer — Viewer: reads only",
      ]
    `)
  })
})
