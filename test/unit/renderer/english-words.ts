/**
 * What a zh-CN view leaves in English by mistake: the Latin words on screen once code, `lang="en"`
 * text (the host's own English, marked so) and technical names are taken out. Shared by the zh-CN view tests and
 * the tests of the host's Chinese reports and desktop menus.
 */
/** Names that are the same in both languages. */
export const TECHNICAL =
  /(?<![A-Za-z])(CUDA|GPU|SMs?|NVML|NCCL|ECC|PCI|MHz|L2|PTX|cooperative launch|opt-in|NVIDIA|H200|multi_gpu)(?![A-Za-z])/g;

/** The Latin words (3 letters or more) of `texts` once `technical` names are removed (plain text: a report's lines). */
export function latinWords(texts: readonly string[], technical: RegExp = TECHNICAL): string[] {
  return (
    texts
      .join(' ')
      .replace(technical, '')
      .match(/[A-Za-z]{3,}/g) ?? []
  );
}

/**
 * The Latin words (3 letters or more) left in `wrapper` (a mounted component or a part of it, or `{ element }` of a
 * parsed page) once code, lang="en" text and `technical` are removed.
 */
export function englishWords(wrapper: { element: Node }, technical: RegExp = TECHNICAL): string[] {
  const copy = wrapper.element.cloneNode(true) as HTMLElement;
  for (const node of copy.querySelectorAll('code, pre, [lang="en"]')) node.remove();
  const texts: string[] = [];
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return latinWords(texts, technical);
}
