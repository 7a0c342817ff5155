import { runCli } from './main.js';
import { keepYoungGenerationSmall } from '../pipeline/memory.js';

keepYoungGenerationSmall();

// `perfgate check … | head` closes stdout early: that is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
