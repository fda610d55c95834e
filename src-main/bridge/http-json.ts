// A JSON API request's body in and its reply out, for the bridge's HTTP server (server.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiResult } from '#shared/contract/api.ts';
import { SECURITY_HEADERS } from './security.ts';

/** The largest request body accepted (the contract lets `copyText` carry up to 50 MB). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Sends `result`; resolves once the reply has been handed to the socket or the client left. */
export function sendJson(
  response: ServerResponse,
  status: number,
  result: ApiResult<unknown>,
  headers: Record<string, string> = {},
): Promise<void> {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  return new Promise((resolve) => {
    response.once('close', () => resolve());
    response.end(JSON.stringify(result));
  });
}

/** The request body as text, or null when it exceeds `MAX_BODY_BYTES`. */
export async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
