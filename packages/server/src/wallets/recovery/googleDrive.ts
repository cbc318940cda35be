import { randomBytes } from 'node:crypto'
import { ApiError } from '@satchel/core'
import { z } from 'zod'
import { fetchProviderJson } from '../../auth/oauth/fetchProviderJson'

export type DriveAccess = { driveApiUrl: string; accessToken: string }

const keyFileSchema = z.object({ version: z.literal(1), key: z.string().regex(/^[A-Za-z0-9_-]{43}$/) })
const fileListSchema = z.object({ files: z.array(z.object({ id: z.string().min(1) })) })

/**
 * Stores the user's recovery key as a small JSON file in their Drive app-data folder (a folder only
 * this OAuth client can read, hidden from the user's file list).
 *
 * @example
 * await saveDriveKeyFile({ driveApiUrl, accessToken }, 'satchel-recovery-root_x.json', key)
 */
export async function saveDriveKeyFile(drive: DriveAccess, name: string, key: Uint8Array): Promise<void> {
  const boundary = `satchel-${randomBytes(12).toString('hex')}`
  const body = [
    `--${boundary}`,
    'Content-Type: application/json; charset=UTF-8',
    '',
    JSON.stringify({ name, parents: ['appDataFolder'] }),
    `--${boundary}`,
    'Content-Type: application/json',
    '',
    JSON.stringify({ version: 1, key: Buffer.from(key).toString('base64url') }),
    `--${boundary}--`,
    '',
  ].join('\r\n')
  const { status } = await fetchProviderJson(`${base(drive)}/upload/drive/v3/files?uploadType=multipart`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${drive.accessToken}`,
      'content-type': `multipart/related; boundary=${boundary}`,
    },
    body,
  })
  if (status !== 200) throw driveRefused()
}

/**
 * Reads the recovery key back from the app-data folder (the newest file of that name), or
 * undefined when this Drive holds none (another Google account, or the file was deleted).
 *
 * @example
 * const key = await readDriveKeyFile({ driveApiUrl, accessToken }, 'satchel-recovery-root_x.json')
 */
export async function readDriveKeyFile(drive: DriveAccess, name: string): Promise<Uint8Array | undefined> {
  const list = new URL(`${base(drive)}/drive/v3/files`)
  list.searchParams.set('spaces', 'appDataFolder')
  list.searchParams.set('q', `name = '${name}'`)
  list.searchParams.set('orderBy', 'createdTime desc')
  list.searchParams.set('fields', 'files(id)')
  const headers = { authorization: `Bearer ${drive.accessToken}` }
  const listed = await fetchProviderJson(list.toString(), { headers })
  const files = fileListSchema.safeParse(listed.body)
  if (listed.status !== 200 || !files.success) throw driveRefused()
  const [file] = files.data.files
  if (!file) return undefined
  const media = await fetchProviderJson(
    `${base(drive)}/drive/v3/files/${encodeURIComponent(file.id)}?alt=media`,
    { headers },
  )
  const content = keyFileSchema.safeParse(media.body)
  if (media.status !== 200 || !content.success) return undefined
  return new Uint8Array(Buffer.from(content.data.key, 'base64url'))
}

const base = (drive: DriveAccess) => drive.driveApiUrl.replace(/\/+$/, '')

function driveRefused(): ApiError {
  return new ApiError('invalid_credentials', { message: 'Google Drive refused access to the recovery key' })
}
