// vitest globalSetup of the server projects: builds the template databases once per run, on
// the database the project tests (TEST_DB in the project's env), hands them to the test files
// (inject('testTemplates') in harness.ts), and removes them when the run ends. Each project
// gets its own call and its own teardown (the closure), so the two server projects of one run
// never share templates.
import type { TestProject } from 'vitest/node';
import { buildTemplates } from './template-database.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = project.config.env ?? {};
  let built;
  if (env.TEST_DB === 'postgres') {
    const adminUrl = env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    built = await buildTemplates({ kind: 'postgres', adminUrl });
  } else {
    built = await buildTemplates({ kind: 'pglite' });
  }
  project.provide('testTemplates', built.templates);
  return () => built.remove();
}
