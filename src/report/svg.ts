/**
 * Vega-Lite spec → inline SVG, in Node: compiled to Vega and rendered headless (no browser, no canvas;
 * text widths are estimated). The page then needs no script to show its plots.
 */
import type { TopLevelSpec } from 'vega-lite';

/**
 * Vega and Vega-Lite are loaded on the first plot, not with the module: together they take about half a
 * second to load, which every command (and every library user) importing src/report would otherwise pay.
 */
let vegaLoaded: Promise<[typeof import('vega'), typeof import('vega-lite')]> | undefined;
const loadVega = () => (vegaLoaded ??= Promise.all([import('vega'), import('vega-lite')]));

export async function renderSvg(spec: TopLevelSpec, idPrefix: string): Promise<string> {
  const [vega, { compile }] = await loadVega();
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return prefixIds(await view.toSVG(), idPrefix);
  } finally {
    view.finalize();
  }
}

/**
 * Vega names clip paths and gradients `clip1`, `gradient2`, … per process: prefixed with the chart's id,
 * the ids of several SVGs stay unique in one page whichever process drew them.
 */
export function prefixIds(svg: string, prefix: string): string {
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}-$1"`);
}
