/**
 * What a zh-CN view still shows in English: the Latin words left on screen once code, text marked lang="en" and
 * technical names (the same in both languages) are taken out. A view whose words are all translated, or marked as
 * the host's English, leaves none.
 */

/** Names that are the same in both languages (hardware, APIs, units). */
export const TECHNICAL =
  /(?<![A-Za-z])(CUDA|GPU|SMs?|NVML|NCCL|ECC|PCI|MHz|L2|PTX|cooperative launch|opt-in|NVIDIA|H200|multi_gpu)(?![A-Za-z])/g;

/**
 * The Latin words of three letters or more in the text of `wrapper` (a mounted view or an element of it), without
 * code, pre, lang="en" text and the names `technical` matches (TECHNICAL unless given; a view that shows API or
 * parameter names passes its own).
 */
export function englishWords(wrapper: { element: Element }, technical = TECHNICAL): string[] {
  const copy = wrapper.element.cloneNode(true) as HTMLElement;
  for (const node of copy.querySelectorAll('code, pre, [lang="en"]')) node.remove();
  const texts: string[] = [];
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return (
    texts
      .join(' ')
      .replace(technical, '')
      .match(/[A-Za-z]{3,}/g) ?? []
  );
}
