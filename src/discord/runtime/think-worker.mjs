// Entry of a thinking worker thread, handing piscina its function: the compiled task when the bot
// runs from dist/ (npm start), else the TypeScript task through tsx (tests, benchmarks).
import { existsSync } from 'node:fs';

const compiled = new URL('./think-task.js', import.meta.url);
const task = existsSync(compiled)
  ? await import(compiled.href)
  : await (await import('tsx/esm/api')).tsImport('./think-task.ts', import.meta.url);
export default task.think;
