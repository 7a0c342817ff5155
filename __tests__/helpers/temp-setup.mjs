export { setup as default } from './temp-root.mjs';
