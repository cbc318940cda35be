import { Link } from '../../app/router/Link'

// Stroke icons on a 24-unit grid, in the button's colour.
const actions = [
  { to: '/send', label: 'Send', icon: 'M7 17 17 7M9 7h8v8' },
  { to: '/receive', label: 'Receive', icon: 'M17 7 7 17M15 17H7V9' },
  { to: '/fund', label: 'Buy', icon: 'M12 5v14M5 12h14' },
] as const

/**
 * The round Send, Receive and Buy buttons under the total.
 *
 * @example
 * <QuickActions />
 */
export function QuickActions() {
  return (
    <nav className="quick-actions" aria-label="Quick actions">
      {actions.map((action) => (
        <Link key={action.to} to={action.to} className="quick-actions__item">
          <span className="quick-actions__circle">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d={action.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          {action.label}
        </Link>
      ))}
    </nav>
  )
}
