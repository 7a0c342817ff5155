/** Every command's help text, one module per family of commands in help/. */
export { MAIN_HELP } from './help/main.js';
export { CHECK_HELP, EXPORT_HELP, INSPECT_HELP, SUMMARIZE_HELP } from './help/results.js';
export { COMPARE_HELP, CONFIRM_HELP, QUALIFY_HELP } from './help/gate.js';
export {
  DASHBOARD_HELP,
  DERIVE_HELP,
  HISTORY_EXPORT_HELP,
  HISTORY_HELP,
  HISTORY_IMPORT_HELP,
  TRENDS_HELP,
} from './help/history.js';
