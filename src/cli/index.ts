// The CLI's entry point, dist/cli.js. It only checks the Node.js version, then loads the CLI
// itself (dist/cli-main.js, built from ./run.ts). The check cannot live in the same bundle:
// ES module imports are linked before any code runs, so on an older Node.js an import that
// does not exist there (node:fs globSync is Node 22+) would fail with a SyntaxError and a
// stack trace before a version check got the chance to say what is wrong. Keep this file to
// syntax and APIs every Node.js with ES modules has.

/** Oldest Node.js major version perfgate runs on (package.json "engines"). */
const MIN_NODE_MAJOR = 22;

const major = Number(process.versions.node.split('.')[0]);
if (!(major >= MIN_NODE_MAJOR)) {
  process.stderr.write(
    `perfgate: needs Node.js ${MIN_NODE_MAJOR} or newer; this is Node.js ${process.versions.node}\n`,
  );
  process.exitCode = 2;
} else {
  await import('./run.js');
}
