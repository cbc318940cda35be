import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { ROOT } from './packaging/publishedPackages'

/** The text of a `## ` section of the README, up to the next one. */
async function readmeSection(title: string): Promise<string> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
  const start = readme.indexOf(`\n## ${title}\n`)
  if (start < 0) throw new Error(`README.md has no "## ${title}" section`)
  const end = readme.indexOf('\n## ', start + 1)
  return readme.slice(start, end < 0 ? undefined : end)
}

it("README's embedding section starts with the install line and is examples/vite's code, word for word", async () => {
  const section = await readmeSection('Embedding Satchel in an app')
  const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((match) => match[2])
  expect(blocks[0]?.trim().split('\n')[0]).toBe('npm install @satchel/react')
  for (const file of ['src/main.tsx', 'src/App.tsx']) {
    const code = await readFile(join(ROOT, 'examples/vite', file), 'utf8')
    expect(blocks, `README's copy of examples/vite/${file}`).toContain(code)
  }
})

it("README's server section is the route of examples/next that the packaging test runs", async () => {
  const section = await readmeSection('Verifying users on your server')
  expect(section).toContain('npm install @satchel/node')
  const route = await readFile(join(ROOT, 'examples/next/app/api/me/route.ts'), 'utf8')
  const blocks = [...section.matchAll(/```\w*\n([\s\S]*?)```/g)].map((match) => match[1])
  expect(blocks).toContain(route)
})
