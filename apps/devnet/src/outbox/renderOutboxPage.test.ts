import { describe, expect, it } from 'vitest'
import { renderOutboxPage } from './renderOutboxPage'

describe('renderOutboxPage', () => {
  it('shows each message newest first with its code set apart', () => {
    const html = renderOutboxPage([
      {
        channel: 'email',
        recipient: 'ada@example.com',
        subject: '123456 is your Wallet login code',
        body: '123456 is your code.',
        created_at: new Date(),
      },
      {
        channel: 'sms',
        recipient: '+14155552671',
        subject: null,
        body: '654321 is your code.',
        created_at: new Date(),
      },
    ])
    expect(html.indexOf('ada@example.com')).toBeLessThan(html.indexOf('+14155552671'))
    expect(html).toContain('<p class="code" aria-label="Code">123456</p>')
    expect(html).toContain('Text to <strong>+14155552671</strong>')
  })

  it('escapes what it shows', () => {
    const html = renderOutboxPage([
      {
        channel: 'email',
        recipient: '<b>x</b>@e.com',
        subject: null,
        body: '<script>',
        created_at: new Date(),
      },
    ])
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;')
  })

  it('says what to do when nothing was sent', () => {
    expect(renderOutboxPage([])).toContain('Nothing sent yet')
  })
})
