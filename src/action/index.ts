/**
 * The action's entry point, dist/index.js: the action on this process's ports (process.ts, built as
 * dist/action-main.js) with production's GitHub timings. It reads no variable of its own.
 */
import { keepYoungGenerationSmall } from '../pipeline/memory.js';
import { PRODUCTION_TIMINGS, processPorts, run } from './process.js';

keepYoungGenerationSmall();

await run(processPorts(PRODUCTION_TIMINGS));
