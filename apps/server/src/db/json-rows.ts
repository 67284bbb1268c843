// Rows sent to PostgreSQL as one JSON parameter, read back by json_populate_recordset (on a
// table's row type) or json_to_recordset (with the columns typed in the statement). A statement
// that writes or reads a set of rows this way has one text whatever the set's size, so each
// connection parses and plans it once (the named statements of named-statements.ts), where a
// VALUES list or an IN list of the set's size was a new text, planned anew and holding a name of
// its own, for nearly every size. JSON carries any text exactly (quotes, backslashes, newlines,
// any script), as a bound parameter: nothing of it is spliced into the statement.
import { sql, type RawBuilder } from 'kysely';
import { assert } from '@paywallet/ledger';

/**
 * `rows` as a JSON array: bigints as strings (PostgreSQL reads them into bigint columns exactly)
 * at any depth, and a row's null columns left out (a missing key reads as NULL), which halves a
 * transfer's business row. Nulls inside a column's own JSON value (a jsonb column) are kept.
 */
export function jsonRows(rows: readonly object[]): string {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null && value !== undefined))),
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
  );
}

/** Values as a JSON array (bigints as strings), for `IN (SELECT json_array_elements_text(...))`. */
export function jsonList(values: readonly (string | number | bigint)[]): string {
  return JSON.stringify(values.map((value) => (typeof value === 'bigint' ? value.toString() : value)));
}

/**
 * `INSERT INTO table (columns) SELECT columns FROM json_populate_recordset(...)`: `rows` written
 * in the order given, each column read with the table's own type. The columns are the first
 * row's keys, and every row has the same (rows built by one function). The caller may add
 * `ON CONFLICT` and `RETURNING`.
 */
export function insertJsonRowsSql(table: string, rows: readonly Record<string, unknown>[]): RawBuilder<unknown> {
  assert(rows.length > 0, 'an insert of JSON rows has rows');
  const columns = sql.join(Object.keys(rows[0]!).map((column) => sql.ref(column)));
  return sql`INSERT INTO ${sql.table(table)} (${columns})
    SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${jsonRows(rows)}::json) WITH ORDINALITY AS r
     ORDER BY r.ordinality`;
}
