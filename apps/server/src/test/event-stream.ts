// A reader of the live stream (GET /api/events, Server-Sent Events) for server tests that listen
// on a real port: the events as they arrive, a wait for the next one of a name (bounded, never a
// fixed sleep), and how to stop reading.
export interface SseEvent {
  event: string;
  data: string;
}

/** An open stream: its events as they arrive, and how to stop reading. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let ended = false;
  const waiters: Array<() => void> = [];
  if (response.status === 200 && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let split = buffer.indexOf('\n\n');
          while (split >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            const lines = block.split('\n');
            const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
            const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
            if (event) events.push({ event, data: data ?? '' });
            waiters.splice(0).forEach((wake) => wake());
            split = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
      ended = true;
      waiters.splice(0).forEach((wake) => wake());
    })();
  }
  async function waitFor(name: string, timeoutMs = 8_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find((event) => event.event === name);
      if (found) return found;
      if (ended || Date.now() > deadline) throw new Error(`no '${name}' event (got ${events.map((e) => e.event).join(', ')})`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
  return {
    response,
    events,
    waitFor,
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}
