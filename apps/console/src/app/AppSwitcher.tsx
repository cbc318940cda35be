import { useId } from 'react'
import { consoleAppListSchema } from '../features/apps/appSchemas'
import { useAdminRead } from '../shared/api/useAdminRead'
import { useConsole } from './ConsoleContext'

/**
 * The app the console's screens are about, switchable from every screen.
 *
 * @example
 * <AppSwitcher />
 */
export function AppSwitcher() {
  const { appId, selectApp } = useConsole()
  const apps = useAdminRead({ path: '/api/v1/console/apps', schema: consoleAppListSchema })
  const id = useId()
  const list = apps.data?.data ?? []
  return (
    <div className="switcher">
      <label htmlFor={id} className="visually-hidden">
        App
      </label>
      <select
        id={id}
        className="input input--small"
        value={appId ?? ''}
        disabled={list.length === 0}
        onChange={(event) => selectApp(event.target.value)}
      >
        {appId ? null : (
          <option value="">{apps.status === 'pending' ? 'Loading apps…' : 'Choose an app'}</option>
        )}
        {list.map((app) => (
          <option key={app.id} value={app.id}>
            {app.name}
          </option>
        ))}
      </select>
    </div>
  )
}
