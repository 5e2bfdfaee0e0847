/** Types of the part of svgcanvas 2.6 (no bundled types) the chart export uses: a 2D context that records SVG. */
declare module 'svgcanvas' {
  export interface ContextOptions {
    width: number;
    height: number;
  }
  /** A CanvasRenderingContext2D look-alike; `canvas` points back at the context itself. */
  export class Context {
    constructor(options: ContextOptions);
    readonly canvas: Context;
    width: number;
    height: number;
    /** The drawing so far as SVG text. */
    getSerializedSvg(fixNamedEntities?: boolean): string;
  }
}
