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
        Account
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
