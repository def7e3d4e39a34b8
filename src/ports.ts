/** A server that cannot listen at start-up, said in one sentence naming the variable to change. */

/** Its message is the whole sentence, without the final full stop. */
export class PortError extends Error {}

export interface Listener {
  /** Who listens, starting the sentence: "The game pages". */
  what: string;
  /** The variable that chooses the port, and the port it gave. */
  variable: string;
  port: number;
  /** The variable that chooses the address, when there is one. */
  host?: { variable: string; value: string };
  /** What must follow a new port, ending the sentence: ", and point … at it". */
  then?: string;
}

/** Codes of a lookup or bind that fail on the address rather than the port. */
const HOST_CODES = new Set(['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);

export function portError(error: unknown, l: Listener): PortError {
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' ? raw : error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
  const then = l.then ?? '';
  let sentence: string;
  if (l.host && HOST_CODES.has(code)) {
    sentence = `${l.what} cannot listen on ${l.host.variable} ${l.host.value} (${code}): choose an address of this machine, or 0.0.0.0 for all of them`;
  } else if (code === 'EACCES' && l.port > 0 && l.port < 1024) {
    sentence = `${l.what} cannot listen on ${l.variable} ${l.port} (EACCES): ports below 1024 need root, so choose one of 1024 or above${then}`;
  } else {
    sentence = `${l.what} cannot listen on ${l.variable} ${l.port} (${code}): choose another port${then}`;
  }
  return new PortError(sentence, { cause: error });
}
