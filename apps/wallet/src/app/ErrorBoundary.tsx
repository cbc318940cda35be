import { Component, type ReactNode } from 'react'
import { ErrorMessage } from '../shared/ui/ErrorMessage'

type Props = { children: ReactNode; resetKey?: string | undefined }
type State = { error: unknown }

/**
 * Catches what a screen throws while rendering (a chunk that failed to load after a deploy, a bug)
 * and shows it in words with a way to reload, instead of a blank page. Moving to another screen
 * (`resetKey`) clears it.
 *
 * @example
 * <ErrorBoundary resetKey={pathname}><Page /></ErrorBoundary>
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== undefined)
      this.setState({ error: undefined })
  }

  override render() {
    if (this.state.error === undefined) return this.props.children
    return (
      <ErrorMessage
        title="This screen could not be shown"
        error={this.state.error}
        onRetry={() => location.reload()}
      />
    )
  }
}
