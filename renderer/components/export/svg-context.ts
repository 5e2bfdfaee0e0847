/**
 * svgcanvas's 2D context with text written as the page's CSP allows. svgcanvas 2.6 parses
 * `context.font` by setting a `style` attribute on a scratch <span>, which `style-src 'self'` blocks: every
 * <text> then had font-family="" and font-size="" (16 px serif, no bold title) and the page logged a CSP
 * violation per text. This context parses the font itself and writes font-family, font-size, font-style and
 * font-weight as attributes; everything else is svgcanvas's.
 */
import { Context } from 'svgcanvas';
import { ANCHOR, BASELINE, parseFont } from '../../figures/font-parts';

/** The svgcanvas internals this override uses (not in its public types). */
interface ContextInternals {
  font: string;
  textAlign: string;
  textBaseline: string;
  __document: Document;
  __currentElement: Element;
  __fontHref?: string;
  __createElement(name: string, attributes: Record<string, string | number>, resetFill?: boolean): Element;
  __closestGroupOrSvg(): Element;
  __applyTransformation(element: Element): void;
  __applyStyleToCurrentElement(action: 'fill' | 'stroke'): void;
}

/** svgcanvas's Context whose text carries its font as SVG presentation attributes. */
export class FigureSvgContext extends Context {
  /** Replaces svgcanvas's private text writer (same element, same transform and paint, attributes for the font). */
  __applyText(text: string, x: number, y: number, action: 'fill' | 'stroke'): void {
    const self = this as unknown as ContextInternals;
    const font = parseFont(self.font) ?? {
      style: 'normal',
      weight: 'normal',
      sizePx: 10,
      family: 'sans-serif',
    };
    // The group to add to, found before the new element becomes the current one (it has no parent yet).
    const parent = self.__closestGroupOrSvg();
    const element = self.__createElement(
      'text',
      {
        'font-family': font.family,
        'font-size': `${font.sizePx}px`,
        'font-style': font.style,
        'font-weight': font.weight,
        x,
        y,
        'text-anchor': ANCHOR[self.textAlign] ?? 'start',
        'dominant-baseline': BASELINE[self.textBaseline] ?? 'alphabetic',
      },
      true,
    );
    element.appendChild(self.__document.createTextNode(text));
    self.__currentElement = element;
    self.__applyTransformation(element);
    self.__applyStyleToCurrentElement(action);
    parent.appendChild(element);
  }
}
