/**
 * A readable plain-text rendering of an HTML email body. A single forward scan with indexOf
 * rather than regular expressions over the whole body: patterns like `<[^>]*>` go quadratic on
 * input such as a long run of `<` without `>`, and any signed-in user can send a body here.
 */
const SKIPPED = new Set(['script', 'style', 'head', 'title']);
const BLOCKS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'tr',
  'blockquote',
  'section',
  'article',
  'table',
  'ul',
  'ol',
]);
// A Map, so an entity named like an Object member (`&constructor;`) is text, not a lookup hit.
const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', ' '],
]);
// Sticky, tried at each '<': `<!doctype`, `</p` and `<br` are tags, `< b` and `<3` are text.
const TAG = /<(\/?)([a-z][a-z0-9]*|!)/iy;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

export function convertHtmlToText(html: string): string {
  const lower = html.toLowerCase();
  const out: string[] = [];
  // Link targets stay visible after their text: a text-only reader still needs the URL.
  const links: (string | null)[] = [];
  let position = 0;
  // The next '>' is remembered so a run of '<' that are not tags is not rescanned each time.
  let close = -1;
  while (position < html.length) {
    const open = html.indexOf('<', position);
    if (open === -1) {
      out.push(decodeEntities(html.slice(position)));
      break;
    }
    out.push(decodeEntities(html.slice(position, open)));
    if (close < open) close = html.indexOf('>', open);
    if (close === -1) {
      // No '>' anywhere after: nothing left can be a tag.
      out.push(decodeEntities(html.slice(open)));
      break;
    }
    if (lower.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      position = end === -1 ? html.length : end + 3;
      continue;
    }
    TAG.lastIndex = open;
    const match = TAG.exec(html);
    if (!match) {
      // Not markup (`a < b`, `<3`): a browser shows it as text, so keep it.
      out.push('<');
      position = open + 1;
      continue;
    }
    position = close + 1;
    const closing = match[1] === '/';
    const name = match[2]!.toLowerCase();
    if (!closing && SKIPPED.has(name)) {
      const end = lower.indexOf(`</${name}`, position);
      if (end === -1) break;
      const endClose = html.indexOf('>', end);
      position = endClose === -1 ? html.length : endClose + 1;
    } else if (name === 'br') {
      out.push('\n');
    } else if (name === 'a' && !closing) {
      const href = HREF.exec(html.slice(open, close + 1));
      links.push(href ? decodeEntities(href[1] ?? href[2] ?? href[3] ?? '') : null);
    } else if (name === 'a') {
      const href = links.pop();
      if (href) out.push(` (${href})`);
    } else if (closing && BLOCKS.has(name)) {
      out.push('\n\n');
    }
  }
  return out
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, entity: string) => {
    if (!entity.startsWith('#')) return ENTITIES.get(entity.toLowerCase()) ?? whole;
    const hex = entity[1] === 'x' || entity[1] === 'X';
    const code = hex ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    // fromCodePoint throws outside the Unicode range; keep such an entity as written.
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
