import type { Page } from '@playwright/test';

/**
 * The narrowest width a page must fit without scrolling sideways: WCAG 2.1's Reflow (1.4.10,
 * level AA) asks for 320 CSS pixels, a 1280-pixel window zoomed to 400%. axe cannot see it: it
 * reads the page at whatever width it has. How journeys use it: docs/architecture.md §7.
 */
export const REFLOW_WIDTH = 320;

/**
 * Whether the page scrolls sideways at its current width, and if so the innermost elements that
 * stick out past its right edge, as a line each (tag, classes, text): the places to fix. A list
 * that scrolls inside its own box (`overflow-x: auto`) is allowed; the page itself must not.
 */
export async function findSidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return [];
    const clips = (element: Element) => {
      const { overflowX } = getComputedStyle(element);
      return overflowX !== 'visible' && overflowX !== 'clip';
    };
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    const culprits: Element[] = [];
    const walk = (element: Element) => {
      if (!sticksOut(element)) {
        for (const child of element.children) walk(child);
        return;
      }
      const inner = [...element.children].filter(sticksOut);
      if (inner.length === 0 || clips(element)) culprits.push(element);
      else for (const child of element.children) walk(child);
    };
    walk(document.body);
    // Text can stick out of a box that fits (a word wider than its line), unless a box around it
    // cuts it off (a name that truncates).
    const cutOff = (element: Element | null): boolean =>
      element !== null &&
      element !== document.body &&
      ((clips(element) && !sticksOut(element)) || cutOff(element.parentElement));
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = texts.nextNode(); node && culprits.length < 5; node = texts.nextNode()) {
      range.selectNodeContents(node);
      const parent = node.parentElement;
      if (!parent || culprits.includes(parent) || cutOff(parent)) continue;
      if (range.getBoundingClientRect().right > width + 0.5) culprits.push(parent);
    }
    const describe = (element: Element) => {
      const classes = element.getAttribute('class') ?? '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const right = Math.round(element.getBoundingClientRect().right);
      return `<${element.tagName.toLowerCase()} class="${classes}"> "${text}" ends at ${right} px`;
    };
    return [
      `the page is ${root.scrollWidth} px wide in a ${width} px window`,
      ...culprits.slice(0, 5).map(describe),
    ];
  });
}

/** What `findSidewaysOverflow` found, as one report naming where, or null if the page fits. */
export async function sidewaysScrollReport(page: Page, where: string): Promise<string | null> {
  const overflow = await findSidewaysOverflow(page);
  if (overflow.length === 0) return null;
  return [`${where}: the page scrolls sideways`, ...overflow.map((line) => `  ${line}`)].join('\n');
}
