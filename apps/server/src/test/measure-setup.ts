// Measures what a server test file pays before its first test: createTestApp (a database of its
// own, the app built on it) and close, from the run's template and built in place (migrated
// and seeded, as every file did before the templates). Run it on either database:
//   npx tsx apps/server/src/test/measure-setup.ts
//   TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx apps/server/src/test/measure-setup.ts
// The numbers are in docs/testing.md.
import { createTestApp, useTestTemplates } from './harness.ts';
import { buildTemplates } from './template-database.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);

async function timeSetups(demo: boolean): Promise<{ setupMs: number[]; closeMs: number[] }> {
  const setupMs: number[] = [];
  const closeMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const t = await createTestApp({}, { demo });
    const ready = performance.now();
    await t.close();
    setupMs.push(ready - started);
    closeMs.push(performance.now() - ready);
  }
  return { setupMs, closeMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const show = (values: number[]) => `median ${Math.round(median(values))} ms (${values.map(Math.round).join(', ')})`;

const adminUrl = process.env.TEST_DATABASE_URL;
const target = process.env.TEST_DB === 'postgres' && adminUrl ? { kind: 'postgres' as const, adminUrl } : { kind: 'pglite' as const };
console.log(`database: ${target.kind}, ${ROUNDS} rounds each`);

for (const demo of [true, false]) {
  const label = demo ? 'demo' : 'reference';
  useTestTemplates(undefined);
  const inPlace = await timeSetups(demo);
  console.log(`${label}, built in place: setup ${show(inPlace.setupMs)}; close ${show(inPlace.closeMs)}`);
}

const buildStarted = performance.now();
const built = await buildTemplates(target);
console.log(`templates built once per run in ${Math.round(performance.now() - buildStarted)} ms`);
try {
  useTestTemplates(built.templates);
  for (const demo of [true, false]) {
    const fromTemplate = await timeSetups(demo);
    console.log(
      `${demo ? 'demo' : 'reference'}, from the template: setup ${show(fromTemplate.setupMs)}; close ${show(fromTemplate.closeMs)}`,
    );
  }
} finally {
  useTestTemplates(undefined);
  await built.remove();
}
