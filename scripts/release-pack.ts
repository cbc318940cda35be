// npm run release:pack — builds and packs every published package into release/ (what `npm publish`
// would upload), and prints their sizes. Publishing itself is `npm publish release/<tarball>` with the
// registry's credentials.
import { join } from 'node:path'
import { packPackages } from './packaging/packPackages'
import { ROOT } from './packaging/publishedPackages'

const outDir = join(ROOT, 'release')
const packed = await packPackages({ outDir })
console.log(`| package | tarball | size (gzip) | unpacked | files |`)
console.log(`| --- | --- | ---: | ---: | ---: |`)
for (const item of packed) {
  const name = item.tarball.slice(outDir.length + 1)
  console.log(
    `| ${item.name}@${item.version} | release/${name} | ${item.size} | ${item.unpackedSize} | ${item.files.length} |`,
  )
}
