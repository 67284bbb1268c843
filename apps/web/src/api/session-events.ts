// The client tells the app when the server ended the session (a 401); the app decides how to
// show it (navigation, the logout notice). Kept apart so the client does not know the router.
type SessionEndedListener = () => void;

const listeners = new Set<SessionEndedListener>();

export function onSessionEnded(listener: SessionEndedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEnded(): void {
  for (const listener of listeners) listener();
}
