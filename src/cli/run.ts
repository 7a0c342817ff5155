import { runCli } from './main.js';
import { keepYoungGenerationSmall } from '../pipeline/memory.js';
import { rootedFiles } from '../pipeline/rootedFiles.js';

keepYoungGenerationSmall();

// `perfgate check … | head` closes stdout early: that is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

// Writes to a pipe are queued in memory while its reader is behind: the table of a comparison of 400,000 rows (60 MB)
// held 200 MB more. Blocking writes wait for the reader instead, as writes to a file or a terminal do.
(process.stdout as { _handle?: { setBlocking?: (blocking: boolean) => unknown } })._handle?.setBlocking?.(true);

// The one place the CLI reads its working directory: every relative path a command is given is taken from it.
process.exitCode = await runCli(
  process.argv.slice(2),
  {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  },
  rootedFiles(process.cwd()),
);
