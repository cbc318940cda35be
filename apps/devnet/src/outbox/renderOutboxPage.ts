export type OutboxRow = {
  channel: string
  recipient: string
  subject: string | null
  body: string
  created_at: Date
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/**
 * The dev outbox as a page a person can read: every email and text the server would have sent,
 * newest first, with the one-time code set apart so it is easy to copy.
 */
export function renderOutboxPage(rows: OutboxRow[]): string {
  const items = rows
    .map((row) => {
      const code = row.body.match(/\b\d{6}\b/)?.[0]
      return `<li>
  <p class="meta">${row.channel === 'email' ? 'Email' : 'Text'} to <strong>${escapeHtml(row.recipient)}</strong>
    · <time datetime="${row.created_at.toISOString()}">${row.created_at.toLocaleTimeString('en-GB')}</time></p>
  ${row.subject ? `<p class="subject">${escapeHtml(row.subject)}</p>` : ''}
  ${code ? `<p class="code" aria-label="Code">${code}</p>` : ''}
  <p>${escapeHtml(row.body)}</p>
</li>`
    })
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Satchel dev outbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 1.5rem; color: #111; }
  h1 { font-size: 1.4rem; }
  ul { list-style: none; padding: 0; }
  li { border: 1px solid #ddd; border-radius: 0.5rem; padding: 0.75rem 1rem; margin-bottom: 0.75rem; }
  .meta { color: #555; margin: 0; font-size: 0.9rem; }
  .subject { font-weight: 600; margin: 0.25rem 0; }
  .code { font: 700 1.6rem/1.2 ui-monospace, monospace; letter-spacing: 0.2em; margin: 0.5rem 0; }
</style>
</head>
<body>
<main>
<h1>Dev outbox</h1>
<p>Emails and texts the server would have sent. This page refreshes every 5 seconds.</p>
${rows.length === 0 ? '<p>Nothing sent yet. Ask for a sign-in code and it shows up here.</p>' : `<ul>\n${items}\n</ul>`}
</main>
</body>
</html>`
}
