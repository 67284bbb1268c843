// Proves that the server's modules depend on each other one way only: no two modules import
// each other, directly or around a longer loop (auth and kyc once did). Reads the imports of
// every module's code (tests aside) with the TypeScript parser and walks the module graph.
// The same walk over the server's files proves there is no import circle between any two of
// them, type imports included (the mailer and the job queue once made one through deps.ts).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(repoRoot, 'apps/server/src');
const modulesDir = path.join(serverDir, 'modules');
/** Bounds the walk: far more files than the server holds, far less than a runaway. */
const MODULE_FILES_MAX = 2000;

type ModuleGraph = Map<string, Set<string>>;

function moduleOf(file: string): string | undefined {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || !relative.includes(path.sep)) return undefined;
  return relative.split(path.sep)[0];
}

function sourceFiles(dir: string): string[] {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file));
  expect(files.length).toBeLessThan(MODULE_FILES_MAX);
  return files;
}

/** The files `file` imports from our code (static, type-only, re-exports and dynamic imports), resolved. */
function relativeImportsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter((imported) => imported.fileName.startsWith('.'))
    .map((imported) => path.resolve(path.dirname(file), imported.fileName));
}

/** module -> the other modules its code imports. */
function readModuleGraph(): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(file);
    if (from === undefined) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const imported of relativeImportsOf(file)) {
      const to = moduleOf(imported);
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** file -> the files it imports, for every server file outside the tests (paths relative to src/). */
function readFileGraph(): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const file of sourceFiles(serverDir)) {
    const imports = relativeImportsOf(file).filter((imported) => imported.startsWith(serverDir));
    graph.set(path.relative(serverDir, file), new Set(imports.map((imported) => path.relative(serverDir, imported))));
  }
  return graph;
}

/** Every loop of the graph, each once, as the modules along it (depth-first search). */
function findCycles(graph: ModuleGraph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, trail: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = [...trail.slice(trail.indexOf(next)), node];
        const key = [...cycle].sort().join('>');
        if (!seen.has(key)) cycles.push([...cycle, next]);
        seen.add(key);
      } else if (state.get(next) !== 'done') {
        visit(next, [...trail, node]);
      }
    }
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node, []);
  return cycles;
}

describe('the module graph', () => {
  it('finds a loop when there is one (the check itself can fail)', () => {
    // Proves findCycles on small graphs: the old auth <-> kyc pair, a longer loop, and none.
    const graph = (edges: Record<string, string[]>): ModuleGraph => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(findCycles(graph({ auth: ['kyc', 'wallets'], kyc: ['auth'], wallets: [] }))).toEqual([['auth', 'kyc', 'auth']]);
    expect(findCycles(graph({ a: ['b'], b: ['c'], c: ['a'] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('reads the imports of the real modules', () => {
    // Proves the reader sees the edges it must judge: deposits use the ledger, auth asks kyc.
    const graph = readModuleGraph();
    expect(graph.get('deposits')?.has('ledger')).toBe(true);
    expect(graph.get('auth')?.has('kyc')).toBe(true);
  });

  it('has no loop: no two modules import each other, directly or around a longer way', () => {
    // Proves the dependency direction of docs/modules.md holds for every module today.
    const graph = readModuleGraph();
    expect(graph.get('kyc')?.has('auth') ?? false).toBe(false);
    expect(findCycles(graph)).toEqual([]);
  });
});

describe('the file graph', () => {
  it('reads the imports of the real files, type imports included', () => {
    // Proves the reader sees the edges it must judge: deps.ts names the mailer only by type.
    const graph = readFileGraph();
    expect(graph.get('deps.ts')?.has('lib/mail.ts')).toBe(true);
    expect(graph.get('lib/mailer.ts')?.has('jobs/queue.ts')).toBe(true);
  });

  it('has no import circle: no server file imports itself around any loop', () => {
    // Proves what madge --circular would: the one circle (deps.ts -> lib/mailer.ts ->
    // jobs/queue.ts -> jobs/job-kind.ts -> deps.ts) is gone, and no other came.
    expect(findCycles(readFileGraph())).toEqual([]);
  });
});
