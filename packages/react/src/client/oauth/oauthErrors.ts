import { BaseError } from '@satchel/core'

/**
 * The user closed the provider's popup before it sent them back (nothing was signed in or linked).
 *
 * @example
 * throw new OAuthPopupClosedError()
 */
export class OAuthPopupClosedError extends BaseError {
  override name = 'OAuthPopupClosedError'
  readonly code = 'oauth_popup_closed'

  constructor() {
    super('The sign-in window was closed before it finished. Please try again.', {
      docsPath: '/react/oauth',
    })
  }
}
