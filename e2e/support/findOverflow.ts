import type { Page } from 'playwright-core'

/**
 * Resizes the page to `width` (height kept) and answers what sticks out sideways: the page itself when
 * it scrolls horizontally, and every visible element reaching past the viewport's edges (its tag,
 * class and width), outside containers that scroll or clip on purpose. An empty list means a person
 * at that width never scrolls sideways.
 *
 * @example
 * expect(await findOverflow(page, 320)).toEqual([])
 */
export async function findOverflow(page: Page, width: number): Promise<string[]> {
  const height = page.viewportSize()?.height ?? 800
  await page.setViewportSize({ width, height })
  // Two frames: the new width's layout, then whatever it triggers (sticky bars, wrapping).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  return page.evaluate(() => {
    const viewport = window.innerWidth
    const problems: string[] = []
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth > viewport) problems.push(`page scrolls sideways: ${scrollWidth} px wide`)
    const clipsInside = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent)
        if (overflowX !== 'visible') return true
      }
      return false
    }
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      // Its own box, or the text spilling out of it (a long unbroken address leaves the box as it is).
      const spills =
        getComputedStyle(element).overflowX === 'visible' &&
        box.left + element.scrollWidth > viewport + 1 &&
        element.scrollWidth > element.clientWidth + 1
      if (box.right <= viewport + 1 && box.left >= -1 && !spills) continue
      if (getComputedStyle(element).visibility === 'hidden' || clipsInside(element)) continue
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`
      const right = Math.max(box.right, box.left + element.scrollWidth)
      problems.push(`${name} spans ${Math.round(box.left)}..${Math.round(right)} px`)
    }
    return problems
  })
}
