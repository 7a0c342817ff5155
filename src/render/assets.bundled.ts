/**
 * The bundled variant of assets.ts: scripts/build.mjs resolves `perfgate-asset:` imports to the
 * files in node_modules and embeds them (binary or text). Each asset is its own lazily imported
 * chunk, so a run that draws no PNG never parses the 2.5 MB WebAssembly module.
 */

export async function loadResvgWasm(): Promise<Uint8Array> {
  return (await import('perfgate-asset:resvg.wasm')).default;
}

export async function loadFont(): Promise<Uint8Array> {
  return (await import('perfgate-asset:DejaVuSans.ttf')).default;
}

export async function loadBrowserBundles(): Promise<{ vega: string; vegaLite: string; vegaEmbed: string }> {
  const [vega, vegaLite, vegaEmbed] = await Promise.all([
    import('perfgate-asset:vega.min.js'),
    import('perfgate-asset:vega-lite.min.js'),
    import('perfgate-asset:vega-embed.min.js'),
  ]);
  return { vega: vega.default, vegaLite: vegaLite.default, vegaEmbed: vegaEmbed.default };
}
