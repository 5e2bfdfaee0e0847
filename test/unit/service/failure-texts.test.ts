/**
 * The coded failures of runs, the measuring process and the browser shell (english.ts `run`, `worker`, `serve`):
 * the English is the host's message as it always was, word for word (the CLI prints it, clients read it), and
 * zh-CN words every code with no English left but the names it carries (a header, a method, a MIME type) and the
 * `{ en }` prose from below (a CUDA error's words), which stays English and is marked so.
 */
import { describe, expect, it } from 'vitest';
import type { HostText } from '../../../electron/contract';
import { HOST_TEXT_EN } from '../../../electron/model/words/en/host';
import { hostText, renderPieces, word, type TextTemplates } from '../../../electron/model/words/host-text';
import { fileSizeWord } from '../../../electron/model/results/size-text';
import { HOST_TEXT_ZH_CN } from '../../../electron/model/words/zh-CN/host';

const ZH: TextTemplates = HOST_TEXT_ZH_CN;
const CUDA_WORDS = 'an illegal memory access was encountered';
const s = (value: number) => word('worker.seconds', { value });

/** Every code of the three sections, with parameters as the host gives them, and its English as it was before. */
const CASES: Array<[code: string, params: HostText['params'], english: string]> = [
  ['run.busy', {}, 'A run is already in progress: cancel it or wait until it ends.'],
  ['run.notFound', { id: 'r-1' }, 'No run with id r-1 is in progress.'],
  ['run.failed', { detail: { en: CUDA_WORDS } }, CUDA_WORDS],
  ['run.unknownFailure', {}, 'the run failed'],
  [
    'run.contextLostRestarted',
    { detail: { en: CUDA_WORDS } },
    `${CUDA_WORDS} The CUDA context was lost; the measuring process was restarted.`,
  ],
  [
    'run.contextLostRestartApp',
    { detail: { en: CUDA_WORDS } },
    `${CUDA_WORDS} The CUDA context was lost; restart the app before measuring again.`,
  ],
  ['run.stickyRestart', {}, 'a sticky CUDA error broke the CUDA context'],
  [
    'worker.crashed',
    { reason: word('worker.notStarted', { seconds: 30 }) },
    'The measuring process did not start within 30 s.',
  ],
  [
    'worker.crashedRestarted',
    { reason: word('worker.noAnswer', { method: 'queryDevices', seconds: 30 }) },
    'The measuring process did not answer queryDevices within 30 s; it was restarted.',
  ],
  [
    'worker.crashedBackoff',
    { reason: word('worker.killedBySignal', { signal: 'SIGKILL' }), count: 4, window: s(60), delay: s(10) },
    'The measuring process was killed by signal SIGKILL; it crashed 4 times within 60 s, so it is restarted in 10 s instead of at once.',
  ],
  ['worker.notStarted', { seconds: 30 }, 'did not start within 30 s'],
  ['worker.noAnswer', { method: 'queryDevices', seconds: 30 }, 'did not answer queryDevices within 30 s'],
  ['worker.silent', { seconds: 60 }, 'stopped reporting for 60 s during a run and was ended'],
  [
    'worker.cancelKilled',
    { grace: s(5) },
    'did not stop within 5 s of Cancel (the GPU was still busy), so it was killed',
  ],
  ['worker.killedBySignal', { signal: 'SIGKILL' }, 'was killed by signal SIGKILL'],
  ['worker.couldNotStart', {}, 'could not be started'],
  ['worker.exited', { code: 3 }, 'exited unexpectedly (code 3)'],
  [
    'worker.restartedBecause',
    { reason: word('run.stickyRestart') },
    'The measuring process was restarted: a sticky CUDA error broke the CUDA context.',
  ],
  ['worker.restartedTryAgain', {}, 'The measuring process was restarted; try again.'],
  ['worker.closing', {}, 'The app is closing; the measuring process was ended.'],
  ['worker.shutDown', {}, 'The measuring process was shut down with the app.'],
  [
    'worker.crashLoop',
    { count: 3, window: s(60), left: s(4.2) },
    'The measuring process crashed 3 times within 60 s; it is restarted in 4.2 s.',
  ],
  [
    'worker.noGpuUntilStarted',
    { reason: word('worker.crashed', { reason: word('worker.exited', { code: 7 }) }) },
    'The measuring process exited unexpectedly (code 7). The GPU cannot be used until it starts.',
  ],
  ['worker.seconds', { value: 0.3 }, '0.3 s'],
  ['serve.busyServer', { max: 64 }, 'Too many calls in flight (64 on this server): try again.'],
  [
    'serve.busyCalls',
    { which: word('serve.onServer', { max: 64 }) },
    'Too many calls in flight (64 on this server): wait for replies before sending more.',
  ],
  ['serve.onConnection', { max: 16 }, '16 on this connection'],
  ['serve.onServer', { max: 64 }, '64 on this server'],
  [
    'serve.noFileName',
    { header: 'x-file-name' },
    'Name the file in the x-file-name header (URI-encoded), e.g. "sweep.json".',
  ],
  [
    'serve.fileNameNotEncoded',
    { header: 'x-file-name' },
    'The x-file-name header is not URI-encoded text: encode the name with encodeURIComponent.',
  ],
  [
    'serve.overLimit',
    { limit: fileSizeWord(64 * 1024 * 1024) },
    'The file is over 64.0 MiB (67108864 bytes), the largest result file accepted.',
  ],
  ['serve.upload', {}, 'The upload'],
  [
    'serve.wrongType',
    { type: 'application/octet-stream' },
    "Send the file's bytes as application/octet-stream.",
  ],
  ['serve.importFailed', { detail: { en: 'body too large' } }, 'The import failed: body too large'],
];

/** Names a zh-CN message keeps as they are: parameters, API and option names, units. */
const KEPT =
  /x-file-name|application\/octet-stream|queryDevices|SIGKILL|encodeURIComponent|sweep\.json|URI|CUDA|GPU|MiB|id/g;

function codes(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : codes(value as object, `${prefix}${key}.`),
  );
}

describe('coded failures of runs, the measuring process and the browser shell', () => {
  it('cover every code of the three sections', () => {
    const all = codes({ run: HOST_TEXT_EN.run, worker: HOST_TEXT_EN.worker, serve: HOST_TEXT_EN.serve });
    expect(CASES.map(([code]) => code).sort()).toEqual(all.sort());
  });

  it.each(CASES)('%s: the English is the host’s message as it was', (code, params, english) => {
    expect(hostText(code, params).message).toBe(english);
  });

  it.each(CASES)('%s: zh-CN words it, with no English left but names and marked prose', (code, params) => {
    const pieces = renderPieces({ code, params }, ZH);
    expect(pieces).not.toBeNull();
    const local = pieces!
      .filter((p) => !p.en)
      .map((p) => p.text)
      .join('');
    expect(local.replace(KEPT, '').match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
    expect(local).toMatch(/[\u4e00-\u9fff]|^\d+(\.\d+)? 秒$/);
    const prose = pieces!.filter((p) => p.en).map((p) => p.text);
    const given = Object.values(params).flatMap((p) => (typeof p === 'object' && 'en' in p ? [p.en] : []));
    expect(prose).toEqual(given);
  });
});
