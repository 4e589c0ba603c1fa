/**
 * A batch read by ids, as a map by id: `read` gets each id once and is not called at all for
 * none (one query, whatever the number of ids); `entry` turns a row into its id and value.
 */
export async function mapByIds<Row, Value>(
  ids: readonly string[],
  read: (unique: string[]) => Promise<Row[]>,
  entry: (row: Row) => readonly [string, Value],
): Promise<Map<string, Value>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  return new Map((await read(unique)).map(entry));
}
