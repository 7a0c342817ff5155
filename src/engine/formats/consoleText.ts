/** ANSI CSI escape sequences (colours, cursor moves) that console outputs carry; stripped before parsing. */
export const ANSI_ESCAPE = /\x1b\[[0-9;?]*[A-Za-z]/g;
