#!/usr/bin/env node

// src/cli/index.ts
var MIN_NODE_MAJOR = 22;
var major = Number(process.versions.node.split(".")[0]);
if (!(major >= MIN_NODE_MAJOR)) {
  process.stderr.write(
    `perfgate: needs Node.js ${MIN_NODE_MAJOR} or newer; this is Node.js ${process.versions.node}
`
  );
  process.exitCode = 2;
} else {
  await import("./cli-main.js");
}
