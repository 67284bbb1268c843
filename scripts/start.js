// `npm start`: builds what is missing or older than its sources (scripts/build.js), then runs the
// compiled server in this same process, so that a signal sent to `npm start` reaches the server
// itself (no shell or second process in between to drop it). The server prints how long its
// start took, counted from this process's start: the check of the build is included.
import process from 'node:process';
import { build } from './build.js';

await build({ ifStale: true });
// As `node --enable-source-maps`: stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import('../apps/server/dist/main.js');
