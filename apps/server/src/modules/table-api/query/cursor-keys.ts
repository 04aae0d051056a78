import type { OrderTerm } from '../../../lib/postgrest';
import type { OutputColumn } from './select-list';

// `$` cannot appear in a client's identifier, so these aliases never meet a client's own.
const KEY_ALIAS = '$cursor_key_';

/**
 * Where each cursor key is read from in a row: the asked-for column itself when the output has
 * it (keyset columns are never owner-only, so it is the plain value), or an extra column.
 */
export function cursorKeys(keyset: OrderTerm[], output: OutputColumn[]): OutputColumn[] {
  const own = (column: string) => {
    const alias = output.find((item) => item.column === column)?.alias;
    // An alias given twice holds only one of its columns; the cursor reads its own copy then.
    return alias !== undefined && output.filter((item) => item.alias === alias).length === 1
      ? alias
      : undefined;
  };
  return keyset.map((term, index) => ({
    column: term.column,
    alias: own(term.column) ?? `${KEY_ALIAS}${index}`,
  }));
}

/** The cursor keys the select does not have, to be selected under aliases of their own. */
export function extraCursorKeys(
  keyset: OrderTerm[] | null,
  output: OutputColumn[],
): OutputColumn[] {
  return keyset
    ? cursorKeys(keyset, output).filter(({ alias }) => alias.startsWith(KEY_ALIAS))
    : [];
}
