/**
 * The check that a zh-CN text has no English left (issue 13 §6): the Latin words of three letters or more that
 * remain once code, `lang="en"` text and technical names (the same in both languages) are taken out. Used on
 * mounted views (zh-cn-device.test.ts) and on the host's reports (report/chinese-report.test.ts).
 */

/** Names that are the same in both languages. */
export const TECHNICAL =
  /(?<![A-Za-z])(CUDA|GPU|SMs?|NVML|NCCL|ECC|PCI|MHz|L2|PTX|cooperative launch|opt-in|NVIDIA|H200|multi_gpu)(?![A-Za-z])/g;

/** The Latin words of `texts` once technical names are taken out. */
export function latinWords(texts: readonly string[]): string[] {
  return (
    texts
      .join(' ')
      .replace(TECHNICAL, '')
      .match(/[A-Za-z]{3,}/g) ?? []
  );
}

/** The Latin words left in `root` once code, `pre`, lang="en" text and technical names are taken out. */
export function englishWords(root: Element): string[] {
  const copy = root.cloneNode(true) as Element;
  for (const node of copy.querySelectorAll('code, pre, [lang="en"]')) node.remove();
  const texts: string[] = [];
  const walker = copy.ownerDocument.createTreeWalker(copy, 4 /* NodeFilter.SHOW_TEXT */);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return latinWords(texts);
}
