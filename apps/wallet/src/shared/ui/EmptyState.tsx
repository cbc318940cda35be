import type { ReactNode } from 'react'

/**
 * What a screen says when there is nothing to show yet, and what to do about it.
 *
 * @example
 * <EmptyState title="No activity yet">Fund your wallet to get started.</EmptyState>
 */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {children ? <div className="empty-state__body">{children}</div> : null}
    </div>
  )
}
