// `npm start`: builds what is missing or older than its sources (scripts/build.js), then runs the
// compiled server in this same process (one Node process, not a second one started from here).
// The server prints how long its start took, counted from this process's start, the build check
// included. Ctrl-C reaches it; a SIGTERM sent to npm alone does not (npm's shell drops it), so
// production runs `node --enable-source-maps apps/server/dist/main.js` directly (README).
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { build } from './build.js';

await build({ ifStale: true });
// The server's start-up line shows the build check as a phase of its own (main.ts, StartPhases).
performance.mark('paywallet:build-checked');
// As `node --enable-source-maps`: stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import('../apps/server/dist/main.js');
