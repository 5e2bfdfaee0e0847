/**
 * A chart image the renderer drew (ExportRequest.charts with format 'png' or 'svg'), checked before it is handed
 * back for download or saved by the desktop shell: a PNG must be a base64 data URL whose bytes start with the PNG
 * signature; an SVG must be SVG text without scripts.
 */
import type { ExportOutcome } from '../../contract';

const PNG_PREFIX = 'data:image/png;base64,';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The content of a chart image export, or the reason it is refused (for ExportRequest field `charts`). */
export type ChartImage = Pick<ExportOutcome, 'content' | 'base64' | 'mime'> | { refused: string };

/**
 * Checks `data` as a chart image of `format`. PNG: returns the base64 payload (`base64: true`); SVG: the text.
 * Never throws: a malformed image is `{ refused }` with a message for a person.
 */
export function chartImage(format: 'png' | 'svg', data: string): ChartImage {
  if (format === 'png') {
    const payload = data.startsWith(PNG_PREFIX) ? data.slice(PNG_PREFIX.length) : null;
    if (!payload || payload.length % 4 !== 0 || !BASE64.test(payload)) {
      return { refused: 'the PNG must be a base64 data URL (data:image/png;base64,...)' };
    }
    const head = Buffer.from(payload.slice(0, 12), 'base64');
    if (!PNG_SIGNATURE.every((byte, i) => head[i] === byte)) {
      return { refused: 'the data URL does not hold a PNG image (no PNG signature)' };
    }
    return { content: payload, base64: true, mime: 'image/png' };
  }
  const text = data.trim();
  if (!/^(<\?xml[^>]*\?>\s*)?<svg[\s>]/.test(text) || !text.endsWith('</svg>')) {
    return { refused: 'the SVG must be SVG text (<svg ...>...</svg>)' };
  }
  if (/<script[\s>]|<[^>]*\son[a-z]+\s*=/i.test(text)) {
    return { refused: 'the SVG must not contain scripts or event handlers' };
  }
  return { content: text, base64: false, mime: 'image/svg+xml' };
}
