// How long the client waits for the server. A call that has no answer by then fails as a
// transport failure ('👋 An error occurred', spec 1 section 8) instead of leaving a button
// spinning on a dead network, an unreachable server or a hung connection. Generous for a
// healthy server: every call of the contract answers in well under a second, and the server
// itself gives a request in flight 10 s to finish when it stops.
export const CALL_TIMEOUT_MS = 15_000;

/** An upload carries up to 600 KB (DECISIONS 8): room for a slow line, still bounded. */
export const UPLOAD_TIMEOUT_MS = 60_000;
