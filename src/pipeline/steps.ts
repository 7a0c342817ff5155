/**
 * How a shell shows the pipeline's progress: the action as collapsible log groups with their
 * duration, the CLI quietly. Durations go to the log only, never into report files.
 */
export interface Progress {
  step<T>(title: string, work: () => T): T;
  info(message: string): void;
  warning(message: string): void;
}

export const silentProgress: Progress = {
  step: (_title, work) => work(),
  info: () => {},
  warning: () => {},
};
