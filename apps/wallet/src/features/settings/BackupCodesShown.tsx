import type { BackupCodes } from '@satchel/react'
import { useEffect, useId, useRef } from 'react'
import { CopyButton } from '../../shared/ui/CopyButton'

/**
 * A new set of MFA backup codes, shown this once (the server keeps only hashes): copy them, download
 * them as a text file, and say they are saved. Each works once in place of a code from the app.
 *
 * @example
 * <BackupCodesShown codes={codes} onSaved={() => setCodes(undefined)} />
 */
export function BackupCodesShown({ codes, onSaved }: { codes: BackupCodes; onSaved: () => void }) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // The codes are the one thing to do next: focus goes to them, so a screen reader reads them first.
  useEffect(() => heading.current?.focus(), [])
  const text = codes.join('\n')
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`Satchel backup codes (each works once)\n\n${text}\n`], { type: 'text/plain' }),
    )
    const link = document.createElement('a')
    link.href = url
    link.download = 'satchel-backup-codes.txt'
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <section className="settings__secret" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Your backup codes
      </h3>
      <p>
        If you lose your authenticator app, each of these codes lets you in once instead of a code from the
        app. Keep them somewhere safe: they are shown only now.
      </p>
      <ol className="settings__list mono" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code} className="settings__item">
            {code}
          </li>
        ))}
      </ol>
      <div className="actions">
        <CopyButton value={text} label="Copy all codes" />
        <button type="button" className="button button--secondary button--small" onClick={download}>
          Download
        </button>
        <button type="button" className="button" onClick={onSaved}>
          I saved them
        </button>
      </div>
    </section>
  )
}
