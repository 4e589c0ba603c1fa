import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../modules/client/tables';
import { buildTestApp } from '../test-utils/test-app';
import { batchArray, rawStatement, rowMapper, statement } from './statement';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (npm test runs both).

const insertClient = statement('test_statement_insert_client', (db) =>
  db
    .insert(clients)
    .values({
      phoneLocal: sql.placeholder('local'),
      phoneInternational: sql.placeholder('international'),
      firstname: sql.placeholder('firstname'),
    })
    .returning({ id: clients.id, firstname: clients.firstname, createdAt: clients.createdAt }),
);
const clientById = statement('test_statement_client_by_id', (db) =>
  db
    .select({ id: clients.id, firstname: clients.firstname, createdAt: clients.createdAt })
    .from(clients)
    .where(eq(clients.id, sql.placeholder('id'))),
);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const phone = (n: number) => ({ local: `0807${String(n).padStart(7, '0')}`, international: `23480${n}` });

describe('statement', () => {
  it('fills its placeholders afresh on every call and maps the rows as drizzle does', async () => {
    const [ada] = await insertClient.run(app.db, { ...phone(1), firstname: 'Ada' });
    const [obi] = await insertClient.run(app.db, { ...phone(2), firstname: 'Obi' });
    expect(ada?.firstname).toBe('Ada');
    expect(obi?.firstname).toBe('Obi');
    expect(ada?.createdAt).toBeInstanceOf(Date);
    const [read] = await clientById.run(app.db, { id: obi?.id });
    expect(read).toEqual(obi);
    expect(await clientById.run(app.db, { id: ada?.id })).toEqual([ada]);
  });

  it('runs inside the transaction it is given: a rollback takes its write away', async () => {
    let inside: { id: string } | undefined;
    await expect(
      app.db.transaction(async (tx) => {
        [inside] = await insertClient.run(tx, { ...phone(3), firstname: 'Chi' });
        // Seen by the transaction itself…
        expect(await clientById.run(tx, { id: inside?.id })).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // …and gone after its rollback.
    expect(inside?.id).toBeTruthy();
    expect(await clientById.run(app.db, { id: inside?.id })).toEqual([]);
  });

  it('reports a failed statement like any drizzle query, and the next call still works', async () => {
    await expect(insertClient.run(app.db, { ...phone(1), firstname: 'Again' })).rejects.toThrow();
    const [fresh] = await insertClient.run(app.db, { ...phone(4), firstname: 'Eze' });
    expect(fresh?.firstname).toBe('Eze');
  });
});

describe('statement, built wrong', () => {
  it('refuses a statement that would send the time it was built on every call', async () => {
    const frozen = statement('test_statement_frozen_update', (db) =>
      db
        .update(clients)
        .set({ firstname: sql`${sql.placeholder('firstname')}` })
        .where(eq(clients.id, sql.placeholder('id'))),
    );
    await expect(frozen.run(app.db, { firstname: 'X', id: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(
      /a date was fixed/,
    );
  });
});

describe('rawStatement with rowMapper', () => {
  const toClient = rowMapper(clients);
  const renamed = rawStatement<{ row: Record<string, unknown> }>(
    'test_statement_raw_rename',
    sql`with changed as (update ${clients} set firstname = ${sql.placeholder('firstname')} where id = ${sql.placeholder('id')}::uuid returning *)
        select row_to_json(changed) as row from changed`,
  );

  it('answers the rows of a data-modifying statement as drizzle would', async () => {
    const [created] = await insertClient.run(app.db, { ...phone(5), firstname: 'Ngozi' });
    const rows = await renamed.run(app.db, { firstname: 'Nneka', id: created?.id });
    const [client] = rows.map((r) => toClient(r.row));
    const [viaDrizzle] = await app.db
      .select()
      .from(clients)
      .where(eq(clients.id, created?.id ?? ''));
    expect(client).toEqual(viaDrizzle);
    expect(client?.firstname).toBe('Nneka');
    expect(client?.createdAt).toBeInstanceOf(Date);
    expect(await renamed.run(app.db, { firstname: 'X', id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });
});

describe('rawStatement across a migration', () => {
  it('keeps working when its table gains a column while the server runs (rows as one JSON column)', async () => {
    await app.db.execute(sql`create table statement_test_notes (id serial primary key, body text not null)`);
    const add = rawStatement<{ row: { id: number; body: string } }>(
      'test_statement_raw_add_note',
      sql`with added as (insert into statement_test_notes (body) values (${sql.placeholder('body')}) returning *)
          select row_to_json(added) as row from added`,
    );
    const [first] = await add.run(app.db, { body: 'one' });
    expect(first?.row.body).toBe('one');
    // What a newer instance's migration may do under an older one still serving.
    await app.db.execute(sql`alter table statement_test_notes add column seen boolean not null default false`);
    const [second] = await add.run(app.db, { body: 'two' });
    expect(second?.row).toMatchObject({ body: 'two', seen: false });
  });
});

describe('batchArray', () => {
  const plain = rawStatement<{ firstname: string }>(
    'test_statement_batch_plain',
    sql`select firstname from ${clients} where id = any(${sql.placeholder('ids')}::uuid[]) order by firstname`,
  );
  const steady = rawStatement<{ firstname: string }>(
    'test_statement_batch_steady',
    sql`select firstname from ${clients} where id = any(${batchArray('ids', 'uuid')}) order by firstname`,
  );
  const unnested = rawStatement<{ id: string }>(
    'test_statement_batch_unnest',
    sql`select k.id::text as id from unnest(${batchArray('ids', 'uuid')}) with ordinality as k(id, n) order by k.n`,
  );

  // How it is planned is checked where statements are prepared by name: tests/server/pglite-process.test.ts.
  it('answers the same rows as the array itself, in `= any(…)` and in `unnest(…)`', async () => {
    const made = [];
    for (const [i, firstname] of ['Amaka', 'Bola', 'Chidi', 'Dayo'].entries()) {
      const [client] = await insertClient.run(app.db, { ...phone(20 + i), firstname });
      made.push(client?.id ?? '');
    }
    for (let run = 0; run < 4; run++) {
      const ids = made.slice(run % 2, (run % 2) + 1 + (run % 3));
      const expected = (await plain.run(app.db, { ids })).map((r) => r.firstname);
      expect(expected).toHaveLength(ids.length);
      expect((await steady.run(app.db, { ids })).map((r) => r.firstname)).toEqual(expected);
      expect((await unnested.run(app.db, { ids })).map((r) => r.id)).toEqual(ids);
    }
    expect(await steady.run(app.db, { ids: [] })).toEqual([]);
  });
});
