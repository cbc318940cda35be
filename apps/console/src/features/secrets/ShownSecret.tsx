import { CopyButton } from '../../shared/ui/CopyButton'
import { describeAccess } from './describeSecret'
import type { MadeSecret } from './secretSchemas'

/**
 * A secret just made, shown this once: the server keeps only its hash, so once dismissed (or the
 * operator leaves the screen) nobody can read it again. It lives only in this component's props:
 * never in the URL, storage or a log.
 *
 * @example
 * <ShownSecret made={made} onDismiss={() => setMade(undefined)} />
 */
export function ShownSecret({ made, onDismiss }: { made: MadeSecret; onDismiss: () => void }) {
  return (
    <section className="card notice stack-small" aria-labelledby="shown-secret">
      <h2 id="shown-secret">New {describeAccess(made.access).toLowerCase()} secret</h2>
      <p>
        <strong>Copy it now: it will not be shown again.</strong> Keep it on your backend only, never in a web
        page or an app.
      </p>
      <p className="mono break secret">{made.secret}</p>
      <div className="actions">
        <CopyButton value={made.secret} label="Copy secret" />
        <button type="button" className="button button--secondary button--small" onClick={onDismiss}>
          I stored it
        </button>
      </div>
    </section>
  )
}
