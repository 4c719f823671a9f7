import { type Column, Param, sql } from 'drizzle-orm'
import type { Database } from '.'

/**
 * One Drizzle prepared query per database, built on first use. Drizzle otherwise builds a query's SQL from its builder
 * on every call, which was a tenth of a session read's CPU in the API (docs/decisions/production.md, "What it costs a
 * request"); prepared, it fills in the values alone. A transaction is a database of its own here, and gets its own.
 */
export function preparedFor<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}

/**
 * A placeholder for a value compared with `column`, turned into the database's form by the column as a literal value
 * would be (a Date for a timestamp, say). Drizzle leaves a bare placeholder in a comparison as it is given.
 */
export const placeholderFor = (column: Column, name: string) => new Param(sql.placeholder(name), column)
