import { normalizeParagraphs } from './normalize-text';

/** What the walk needs of a DOM node; linkedom's nodes (and the browser's) have it. */
export interface TextSourceNode {
  nodeType: number;
  nodeName: string;
  childNodes: ArrayLike<TextSourceNode>;
  textContent: string | null;
  getAttribute?(name: string): string | null;
}

const ELEMENT = 1;
const TEXT = 3;

/** Never shown to a reader, so never part of a page's text. */
const HIDDEN_TAGS = new Set([
  'HEAD',
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'IFRAME',
  'OBJECT',
  'CANVAS',
  'SELECT',
]);

/** Elements that start and end a paragraph of their own. */
const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TR',
  'UL',
]);

const INLINE_HIDING = /display\s*:\s*none|visibility\s*:\s*hidden/i;

function isHidden(element: TextSourceNode, tag: string): boolean {
  if (HIDDEN_TAGS.has(tag)) return true;
  if (element.getAttribute?.('hidden') != null) return true;
  return INLINE_HIDING.test(element.getAttribute?.('style') ?? '');
}

/**
 * The text a reader sees under `root`, one paragraph per block element, `<br>` as a line break
 * and source line breaks as spaces. The walk keeps its own stack: a page of a hundred thousand
 * nested elements must not overflow the call stack.
 */
export function visibleText(root: TextSourceNode): string {
  const paragraphs: string[] = [];
  let current = '';
  let preformatted = 0;
  const breakParagraph = () => {
    paragraphs.push(current);
    current = '';
  };
  type Step = { node: TextSourceNode; leaving: boolean };
  const stack: Step[] = [{ node: root, leaving: false }];
  while (stack.length > 0) {
    const { node, leaving } = stack.pop()!;
    const tag = node.nodeName.toUpperCase();
    if (leaving) {
      if (tag === 'PRE') preformatted -= 1;
      if (BLOCK_TAGS.has(tag)) breakParagraph();
      continue;
    }
    if (node.nodeType === TEXT) {
      const data = node.textContent ?? '';
      current += preformatted > 0 ? data : data.replace(/\s+/g, ' ');
      continue;
    }
    if (node.nodeType !== ELEMENT && node !== root) continue;
    if (node.nodeType === ELEMENT && isHidden(node, tag)) continue;
    if (tag === 'BR') current += '\n';
    if (tag === 'TD' || tag === 'TH') current += ' ';
    if (tag === 'PRE') preformatted += 1;
    if (BLOCK_TAGS.has(tag)) breakParagraph();
    stack.push({ node, leaving: true });
    for (let index = node.childNodes.length - 1; index >= 0; index -= 1) {
      stack.push({ node: node.childNodes[index]!, leaving: false });
    }
  }
  breakParagraph();
  return normalizeParagraphs(paragraphs);
}
