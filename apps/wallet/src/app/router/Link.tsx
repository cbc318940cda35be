import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { navigate } from './navigate'

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }

/**
 * A link inside the app: a real `<a href>` (middle-click, copy link and keyboard work), navigated
 * without a reload on a plain click.
 *
 * @example
 * <Link to="/send">Send</Link>
 */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0
    if (event.defaultPrevented || modified || rest.target === '_blank') return
    event.preventDefault()
    navigate(to)
  }
  return <a href={to} onClick={handle} {...rest} />
}
