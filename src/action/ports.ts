/**
 * The action's ports: everything it reads from or does to the world outside its inputs' files.
 * `run(ports)` (main.ts) is a function of these; only index.ts makes the real ones (the process's
 * environment, @actions/core, the clock), and the tests make their own (helpers/action-in-process.ts).
 */
import type { ConfirmPorts } from '../pipeline/confirm.js';
import type { GithubPorts } from './github/http.js';
import type { Clock } from '../pipeline/clock.js';
import type { Files } from '../pipeline/rootedFiles.js';

/** Where an annotation points (the names @actions/core takes). */
export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
  endLine?: number;
  startColumn?: number;
  endColumn?: number;
}

/** What the runner shows of a step: its log, annotations, step outputs, the job summary, its exit status. */
export interface OutputSink {
  info(message: string): void;
  notice(message: string, properties?: AnnotationProperties): void;
  warning(message: string, properties?: AnnotationProperties): void;
  error(message: string, properties?: AnnotationProperties): void;
  startGroup(name: string): void;
  endGroup(): void;
  /** Masks a value in the rest of the log. */
  setSecret(value: string): void;
  setOutput(name: string, value: string | number | boolean): void;
  /** Appends Markdown to the job summary (throws when it cannot be written). */
  appendSummary(markdown: string): Promise<void>;
  /** The step fails when it ends (exit status 1). */
  fail(): void;
}

export { systemClock, type Clock } from '../pipeline/clock.js';

/** Where the two-stage gate's confirmation runs the benchmark command (`/bin/sh -c` in a build's folder). */
export type Shell = Pick<ConfirmPorts, 'run'>;

export type { Files } from '../pipeline/rootedFiles.js';

/** Where the report folder is uploaded as an artifact (the real one: @actions/artifact, loaded when first used). */
export interface ArtifactStore {
  /** Uploads `files` (paths below `rootDirectory`) as the artifact `name`; throws when it cannot. */
  upload(name: string, files: readonly string[], rootDirectory: string): Promise<{ id?: number }>;
}

/** What one run of the action is given. */
export interface ActionPorts {
  /** The environment: INPUT_* variables, GITHUB_* variables, the runner's. */
  env: Readonly<Record<string, string | undefined>>;
  out: OutputSink;
  clock: Clock;
  /** The shell the two-stage gate's confirmation runs the benchmark command through (the real one: pipeline/shell.ts). */
  shell: Shell;
  /** How GitHub is reached: the transport (fetch) and the waits. */
  github: GithubPorts;
  /** The run's files, rooted at its working directory (the real ones: pipeline/rootedFiles.ts). */
  files: Files;
  /** Where the report is uploaded as an artifact. */
  artifacts: ArtifactStore;
}
