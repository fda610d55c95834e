// A tiny HTTP client for bridge tests: node:http rather than fetch, because fetch may not set the
// Host header, and the Host check is one of the things under test.
import { request } from 'node:http';

/** A finished response. */
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

/** Options of one request. */
export interface Ask {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends one request to 127.0.0.1:`port` (Host `127.0.0.1:port` unless overridden). */
export function ask(port: number, path: string, options: Ask = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text,
            json: () => JSON.parse(text) as unknown,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** Opens the event stream and collects what arrives; `close()` ends it. */
export function listen(
  port: number,
  path: string,
): Promise<{ received: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const outgoing = request(
      { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}` } },
      (incoming) => {
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        resolve({ received: () => text, close: () => outgoing.destroy() });
      },
    );
    outgoing.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    outgoing.end();
  });
}

/** Resolves once `check` returns true (polling), or rejects after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((done) => setTimeout(done, 25));
  }
}
