// The client tells the app when the session is gone; the app decides how to show it
// (app/session-watcher.tsx). Kept apart so the client does not know the router.
//   'unauthorized' - a call was answered 401 (spec 1 section 8): the client already showed the
//                    error toast and cleared the client state; the user goes to send-otp.
//   'logged-out'   - the feature list, read when the shell opens, was refused (spec 1 section 8,
//                    spec 2 section 4): the client state is cleared, the user goes to send-otp
//                    and the logout notice says why.
export type SessionEnd = 'unauthorized' | 'logged-out';
type SessionEndedListener = (end: SessionEnd) => void;

const listeners = new Set<SessionEndedListener>();

export function onSessionEnded(listener: SessionEndedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEnded(end: SessionEnd): void {
  for (const listener of listeners) listener(end);
}
