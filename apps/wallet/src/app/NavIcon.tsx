import type { AppRoute } from './routes'

// Stroke icons on a 24-unit grid: a house, two linked rings (connected apps), a gear.
const paths: Record<NonNullable<AppRoute['tab']>, string> = {
  home: 'M4 10.5 12 4l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5.5h-5V20H5a1 1 0 0 1-1-1z',
  connections:
    'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 13.5a7.6 7.6 0 0 0 0-3l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2.6-1.5L14 2.5h-4l-.4 2.5A7.5 7.5 0 0 0 7 6.5l-2.4-1-2 3.4 2 1.6a7.6 7.6 0 0 0 0 3l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2.6 1.5l.4 2.5h4l.4-2.5a7.5 7.5 0 0 0 2.6-1.5l2.4 1 2-3.4z',
}

/**
 * The icon of a main navigation item. Decorative: the item's name is written under it.
 *
 * @example
 * <NavIcon tab="home" />
 */
export function NavIcon({ tab }: { tab: NonNullable<AppRoute['tab']> }) {
  return (
    <svg className="shell__nav-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={paths[tab]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
