// A merchant's webhook receiver for tests: a real HTTP server on 127.0.0.1 that records every
// request (headers, body, when, the status it answered) and answers each with the next status
// of `answers` (200 once they run out). `stop` then `start(port)` on the same port stands for a
// receiver that was down for a while and came back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Date.now() when the request ended. */
  at: number;
  status: number;
}

export class WebhookReceiver {
  received: ReceivedWebhook[] = [];
  answers: number[] = [];
  port = 0;
  private server: http.Server | undefined;

  async start(port = 0): Promise<this> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status = this.answers.shift() ?? 200;
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now(), status });
        response.statusCode = status;
        response.end(status === 200 ? 'ok' : 'down for maintenance');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }
}
