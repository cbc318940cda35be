/** Where a navigation ended: the last page fetched, or the first URL `stopAt` claimed (not fetched). */
export type TestBrowserPage = {
  url: string
  /** 0 when the navigation stopped at a URL before fetching it. */
  status: number
  body: string
}

export type TestBrowserNavigateOptions = {
  /** Stop at (and do not fetch) the first URL this matches, such as the app's own redirect page. */
  stopAt?: (url: URL) => boolean
}

export type TestBrowser = {
  get(url: string, options?: TestBrowserNavigateOptions): Promise<TestBrowserPage>
  /** Submits a form (`application/x-www-form-urlencoded`), then follows redirects like a browser. */
  post(
    url: string,
    form: Record<string, string>,
    options?: TestBrowserNavigateOptions,
  ): Promise<TestBrowserPage>
}

const MAX_REDIRECTS = 20

/**
 * The part of a browser an OAuth redirect dance needs: a cookie jar (one per test browser, by cookie
 * name, which is enough for one flow at a time on loopback) and redirects followed by hand, so the
 * test sees the URL the provider sends the user back to.
 *
 * @example
 * const browser = createTestBrowser()
 * const page = await browser.get(authorizationUrl, { stopAt: (url) => url.origin === 'http://localhost:5173' })
 */
export function createTestBrowser(): TestBrowser {
  const cookies = new Map<string, string>()

  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const expired = attributes.some((attribute) => {
        const [key = '', value = ''] = attribute.trim().split('=')
        if (key.toLowerCase() === 'max-age') return Number(value) <= 0
        if (key.toLowerCase() === 'expires') return Date.parse(value) <= Date.now()
        return false
      })
      if (expired) cookies.delete(name)
      else cookies.set(name, pair.slice(eq + 1).trim())
    }
  }

  const navigate = async (
    first: { url: string; method: 'GET' | 'POST'; form?: Record<string, string> },
    { stopAt }: TestBrowserNavigateOptions = {},
  ): Promise<TestBrowserPage> => {
    let request = first
    for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
      if (stopAt?.(new URL(request.url))) return { url: request.url, status: 0, body: '' }
      const headers: Record<string, string> = {}
      if (cookies.size > 0)
        headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      if (request.form) headers['content-type'] = 'application/x-www-form-urlencoded'
      const response = await fetch(request.url, {
        method: request.method,
        headers,
        redirect: 'manual',
        ...(request.form ? { body: new URLSearchParams(request.form).toString() } : {}),
      })
      remember(response)
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel()
        request = { url: new URL(location, request.url).toString(), method: 'GET' }
        continue
      }
      return { url: request.url, status: response.status, body: await response.text() }
    }
    throw new Error(`more than ${MAX_REDIRECTS} redirects from ${first.url}`)
  }

  return {
    get: (url, options) => navigate({ url, method: 'GET' }, options),
    post: (url, form, options) => navigate({ url, method: 'POST', form }, options),
  }
}
