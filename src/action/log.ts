/**
 * The action's output, as every part of the action uses it: the sink of its ports with every log
 * line, annotation message and annotation title shown without control or bidi characters (ESC,
 * BEL, U+202E… become their `\uXXXX` text): messages carry names from result files, and a terminal
 * escape or a reordering must not reach the log or an annotation. Lines and tabs are kept: the
 * sink prints them as lines, and annotation commands encode them.
 */
import { withoutControls } from '../engine/report/escape.js';
import type { AnnotationProperties, OutputSink } from './ports.js';

export type { AnnotationProperties } from './ports.js';

function clean(message: string | Error): string {
  return withoutControls(typeof message === 'string' ? message : message.toString(), true);
}

function cleanProperties(properties: AnnotationProperties | undefined): AnnotationProperties | undefined {
  return properties?.title === undefined ? properties : { ...properties, title: withoutControls(properties.title) };
}

export type Annotate = (message: string | Error, properties?: AnnotationProperties) => void;

export class ActionOutput {
  constructor(private readonly sink: OutputSink) {}

  info = (message: string): void => this.sink.info(clean(message));
  notice: Annotate = (message, properties) => this.sink.notice(clean(message), cleanProperties(properties));
  warning: Annotate = (message, properties) => this.sink.warning(clean(message), cleanProperties(properties));
  error: Annotate = (message, properties) => this.sink.error(clean(message), cleanProperties(properties));

  /** An error, and the step fails. */
  setFailed(message: string | Error): void {
    this.error(message);
    this.sink.fail();
  }

  /** The step fails without another message (the annotation already said why). */
  fail(): void {
    this.sink.fail();
  }

  startGroup(name: string): void {
    this.sink.startGroup(clean(name));
  }

  endGroup(): void {
    this.sink.endGroup();
  }

  /** Runs `work` inside a log group. */
  async group<T>(name: string, work: () => Promise<T>): Promise<T> {
    this.startGroup(name);
    try {
      return await work();
    } finally {
      this.endGroup();
    }
  }

  setSecret(value: string): void {
    this.sink.setSecret(value);
  }

  setOutput(name: string, value: string | number | boolean): void {
    this.sink.setOutput(name, value);
  }

  appendSummary(markdown: string): Promise<void> {
    return this.sink.appendSummary(markdown);
  }
}
