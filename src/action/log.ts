/**
 * `@actions/core` with every log line, annotation message and annotation title shown without
 * control or bidi characters (ESC, BEL, U+202E… become their `\uXXXX` text): messages carry
 * names from result files, and a terminal escape or a reordering must not reach the log or an
 * annotation. Lines and tabs are kept: core.info prints them as lines, and the annotation
 * commands encode them. Everything else is `@actions/core` itself.
 */
import * as core from '@actions/core';
import { withoutControls } from '../engine/report/escape.js';

export * from '@actions/core';

function clean(message: string | Error): string {
  return withoutControls(typeof message === 'string' ? message : message.toString(), true);
}

function cleanProperties(properties: core.AnnotationProperties | undefined): core.AnnotationProperties | undefined {
  return properties?.title === undefined ? properties : { ...properties, title: withoutControls(properties.title) };
}

export function info(message: string): void {
  core.info(clean(message));
}

export function notice(message: string | Error, properties?: core.AnnotationProperties): void {
  core.notice(clean(message), cleanProperties(properties));
}

export function warning(message: string | Error, properties?: core.AnnotationProperties): void {
  core.warning(clean(message), cleanProperties(properties));
}

export function error(message: string | Error, properties?: core.AnnotationProperties): void {
  core.error(clean(message), cleanProperties(properties));
}

export function setFailed(message: string | Error): void {
  core.setFailed(clean(message));
}
