export * from './model.js';
export * from './palette.js';
export * from './payloadAxis.js';
export * from './build.js';
export * from './vegaLite.js';
export * from './mermaid.js';
