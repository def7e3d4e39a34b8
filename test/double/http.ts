// Request parsing (JSON and multipart/form-data) and JSON responses for the REST side.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Issue } from './limits.js';
import { errorsObject, issuesText } from './limits.js';
import type { UploadedFile } from './types.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, unknown>,
    /** Runs after the error has been recorded (e.g. to settle the interaction). */
    readonly after?: () => void,
  ) {
    super(message);
  }

  static invalidForm(issues: Issue[], openapi = false): ApiError {
    const err = new ApiError(400, 50035, 'Invalid Form Body', errorsObject(issues));
    err.detail = issuesText(issues);
    if (openapi) err.openapi = true;
    return err;
  }

  /** Refused by Discord's published schema (test/double/openapi.ts), not a hand-written check. */
  openapi?: boolean;

  /** Human-readable detail for the violations list. */
  detail?: string;

  get body(): Record<string, unknown> {
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export function sendJson(res: ServerResponse, status: number, body?: unknown, extraHeaders: Record<string, string> = {}): void {
  if (status === 204) {
    // No Content-Type here: @discordjs/rest would try to parse the empty body as JSON.
    res.writeHead(204, extraHeaders);
    res.end();
    return;
  }
  const text = JSON.stringify(body ?? null);
  // discord.js only parses bodies labelled application/json (otherwise it returns raw bytes).
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text).toString(),
    ...extraHeaders,
  });
  res.end(text);
}

export function readRaw(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > maxBytes) {
        failed = true;
        reject(new ApiError(413, 40005, 'Request entity too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) {
        failed = true;
        reject(err);
      }
    });
  });
}

export async function parseBody(contentType: string | undefined, raw: Buffer): Promise<{ body: any; files: UploadedFile[] }> {
  if (raw.length === 0) return { body: undefined, files: [] };
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': contentType! } }).formData();
    } catch {
      throw new ApiError(400, 50035, 'Invalid Form Body', { _errors: [{ code: 'MULTIPART_INVALID', message: 'Invalid multipart body.' }] });
    }
    let body: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    let next = 0;
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') {
        if (key === 'payload_json') {
          try {
            body = { ...body, ...JSON.parse(value) };
          } catch {
            throw new ApiError(400, 50109, 'The request body contains invalid JSON.');
          }
        } else {
          body[key] = value;
        }
        continue;
      }
      const m = /^files\[(\d+)\]$/.exec(key);
      files.push({
        index: m ? Number(m[1]) : next,
        filename: value.name || 'file',
        contentType: value.type,
        data: Buffer.from(await value.arrayBuffer()),
      });
      next++;
    }
    return { body, files };
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')), files: [] };
  } catch {
    throw new ApiError(400, 50109, 'The request body contains invalid JSON.');
  }
}

/** Splits and percent-decodes a path (discord.js encodes every route segment). */
export function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}
