// Virtual modules of the bundled build (scripts/build.mjs embeds them).
declare module 'perfgate-asset:resvg.wasm' {
  const bytes: Uint8Array;
  export default bytes;
}
declare module 'perfgate-asset:DejaVuSans.ttf' {
  const bytes: Uint8Array;
  export default bytes;
}
declare module 'perfgate-asset:*.js' {
  const text: string;
  export default text;
}
