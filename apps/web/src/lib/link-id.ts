/**
 * The id a page's address carries (`?page=project&id=...`), or null when there is none worth
 * asking the server about. Ids are short ('project_' plus a timestamp and random part, or an
 * account id: docs/product.md §3.1); anything longer was not made by the app, and reads as not
 * found without a request.
 */
export const LINK_ID_MAX = 128;

export function toLinkId(value: string | undefined): string | null {
  const id = value?.trim() ?? '';
  return id.length > 0 && id.length <= LINK_ID_MAX ? id : null;
}
