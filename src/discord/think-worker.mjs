// Entry of a thinking worker thread: loads the TypeScript task through tsx, whatever the parent
// process was started with, and hands piscina its function.
import { tsImport } from 'tsx/esm/api';

const task = await tsImport('./think-task.ts', import.meta.url);
export default task.think;
