/**
 * Imported first by every entry point: the native modules (better-sqlite3 13) and the job queue
 * need Node.js 22.18 or later, and on an older Node they crash instead of saying why.
 */
export const MIN_NODE = [22, 18] as const;

/** One sentence saying why this Node.js cannot run the bot, or undefined when it can. */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return undefined;
  return (
    `Recyclerie needs Node.js ${MIN_NODE.join('.')} or later, and this is ${version}: ` +
    'run ./scripts/install.sh, which installs Node.js 24 for this project, then use npm start.'
  );
}

const problem = nodeVersionProblem(process.version);
if (problem) {
  console.error(problem);
  process.exit(1);
}
