/** The SQLite and PostgreSQL schemas cannot drift: same tables, columns, keys and indexes. */
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pgSchema from '../../src/store/schema-pg.js';
import * as sqliteSchema from '../../src/store/schema.js';

type Shape = { columns: Record<string, { notNull: boolean; hasDefault: boolean; primary: boolean }>; primaryKeys: string[][]; indexes: string[]; uniques: string[] };

function shapeOf(config: ReturnType<typeof pgConfig> | ReturnType<typeof sqliteConfig>): Shape {
  return {
    columns: Object.fromEntries(config.columns.map((c) => [c.name, { notNull: c.notNull, hasDefault: c.hasDefault, primary: c.primary }])),
    primaryKeys: config.primaryKeys.map((k) => k.columns.map((c) => c.name)),
    indexes: config.indexes.map((i) => `${i.config.name}${i.config.unique ? ' unique' : ''}`).sort(),
    uniques: config.columns.filter((c) => c.isUnique).map((c) => c.name).sort(),
  };
}

const tablesOf = <T>(schema: Record<string, unknown>, isTable: (v: unknown) => v is T) => Object.entries(schema).filter((e): e is [string, T] => isTable(e[1]));

describe('the two schemas', () => {
  const sqlite = new Map(tablesOf(sqliteSchema, (v): v is SQLiteTable => typeof v === 'object' && v !== null && 'getSQL' in v).map(([, t]) => [sqliteConfig(t).name, shapeOf(sqliteConfig(t))]));
  const pg = new Map(tablesOf(pgSchema, (v): v is PgTable => typeof v === 'object' && v !== null && 'getSQL' in v).map(([, t]) => [pgConfig(t).name, shapeOf(pgConfig(t))]));

  it('have the same tables', () => {
    expect([...pg.keys()].sort()).toEqual([...sqlite.keys()].sort());
    expect(sqlite.size).toBeGreaterThanOrEqual(9);
  });

  it('have the same columns, keys and indexes in every table', () => {
    for (const [name, shape] of sqlite) expect({ name, ...pg.get(name) }).toEqual({ name, ...shape });
  });
});
