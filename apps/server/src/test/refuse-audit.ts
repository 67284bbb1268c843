// Makes the test database refuse to write the audit rows of one action, as a crash between a
// change and its audit row would: a test then proves the change did not survive without its row
// (the two are written in one transaction). The returned function lifts the refusal.
import { sql } from 'kysely';
import type { TestApp } from './harness.ts';

export async function refuseAuditRows(t: TestApp, action: string): Promise<() => Promise<void>> {
  await sql`CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit row refused by the test'; END $$`.execute(t.deps.db);
  await sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
    WHEN (NEW.action = ${sql.lit(action)}) EXECUTE FUNCTION test_refuse_audit()`.execute(t.deps.db);
  return async () => {
    await sql`DROP TRIGGER test_refuse_audit ON audit_log`.execute(t.deps.db);
  };
}
