import { useLogout, useSatchel } from '@satchel/react'
import { useId, useRef, useState } from 'react'
import { describeAccount } from '../shared/describeAccount'
import { useClickOutside } from '../shared/hooks/useClickOutside'
import { Link } from './router/Link'

/**
 * The account menu in the header: who is signed in, Settings, and Log out. A click, a tap (a touch
 * that moved 30 px or less) or Escape outside closes it; Escape returns focus to its button.
 *
 * @example
 * <AccountMenu />
 */
export function AccountMenu() {
  const { user } = useSatchel()
  const { logout, isPending } = useLogout()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  useClickOutside(
    root,
    () => {
      setOpen(false)
      if (root.current?.contains(document.activeElement)) button.current?.focus()
    },
    open,
  )
  const primary = user?.linkedAccounts[0]
  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        ref={button}
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="account-menu__avatar">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20a7.5 7.5 0 0 1 15 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </span>
        <span className="account-menu__label">Account</span>
      </button>
      {open ? (
        <div className="account-menu__panel" id={menuId}>
          <p className="account-menu__who">
            {user?.isGuest ? 'Guest account' : primary ? describeAccount(primary) : 'Signed in'}
          </p>
          <ul className="account-menu__list">
            <li>
              <Link to="/settings" className="account-menu__item" onClick={() => setOpen(false)}>
                Settings
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="account-menu__item"
                disabled={isPending}
                onClick={() => void logout().catch(() => {})}
              >
                {isPending ? 'Logging out…' : 'Log out'}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  )
}
