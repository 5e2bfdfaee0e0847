/**
 * The English of every coded host message (the contract's HostText), by code: `import.added` is
 * `HOST_TEXT_EN.import.added`. The host writes its English messages from these templates (host-text.ts), and the
 * renderer's English messages are these same objects (renderer/i18n/messages/en.ts), so a translation (zh-CN.ts)
 * always translates the words the host says. `{name}` is a parameter; `list` separates the items of a list.
 */
export const HOST_TEXT_EN = {
  list: ', ',
  /** What an import did (electron/core/results/library.ts). */
  import: {
    added: '{file}: imported as "{name}".',
    alreadyInLibrary: '{file}: already in the library as "{name}" (id {id}); nothing was imported.',
    alreadyReference:
      '{file}: already present as the reference dataset "{name}" (id {id}); nothing was imported.',
    newId: '{file}: imported as "{name}" under the new id {id}, because {why}.',
    whyBadId: 'its id "{id}" cannot be used as a file name',
    whyReference: 'its id "{id}" is the id of the reference dataset "{name}", which is read-only',
    whyTaken: 'a different result with id "{id}" is already in the library',
    badName: '{file}: name: {problem}; fix the name in the file and import it again.',
  },
  /** Why a result file was refused (electron/core/results: diagnostics.ts, io.ts, migrations.ts, base64.ts). */
  resultFile: {
    tooLarge: '{file}: the file is {size}; result files are limited to {limit}.',
    size: '{mib} MiB ({bytes} bytes)',
    notUtf8:
      '{file}: not UTF-8 text: invalid byte 0x{hex} at byte offset {offset} (line {line}). Result files are UTF-8 JSON.',
    notUtf8Bom:
      '{file}: not UTF-8 text: invalid byte 0x{hex} at byte offset {offset} (line {line}). The file starts with a UTF-16 byte-order mark: save it as UTF-8. Result files are UTF-8 JSON.',
    empty: '{file}: the file is empty; a result file is a JSON object.',
    notJson: '{file}: not valid JSON: {detail}.',
    notJsonAt: '{file}: not valid JSON at line {line}, column {column}: {what}.',
    truncated: 'the JSON ends early (the file is truncated)',
    unexpected: 'unexpected {char}',
    unexpectedAfterEnd: 'unexpected {char} after the end of the JSON',
    notObject: '{file}: not a Sync Workbench result file: the JSON is {what}, not an object.',
    wrongFormat:
      '{file}: format: expected "{expected}", got {got}: this is not a Sync Workbench result file.',
    versionNotWhole:
      '{file}: version: expected a whole number (this Sync Workbench reads format version {readable}), got {got}.',
    versionNewer:
      '{file}: version: the file has result-file format version {version}, made by a newer Sync Workbench; this one reads up to version {readable}. Update Sync Workbench to open it.',
    versionUnknown:
      '{file}: version: result-file format version {version} is unknown to this Sync Workbench (it reads version {readable}).',
    versionRange: '{oldest} to {target}',
    wrongUnits:
      '{file}: units.{key}: expected "{expected}" ({meaning}), got {got}. Sync Workbench reads no other unit.',
    unitPerSync: 'per-sync times in nanoseconds',
    unitCycles: 'SM clock cycles',
    unitWholeKernel: 'whole-kernel times in milliseconds',
    unitClock: 'clocks in megahertz',
    invalid: '{file}: {detail}',
    notBase64: '{file}: the content is not valid base64.',
  },
  /** Why the native addon cannot be used (electron/core/native/addon-reasons.ts). */
  addon: {
    notBuilt:
      'The native addon (syncbench.node) was not built: the CUDA compiler (nvcc) was missing when the app was built, so this installation cannot measure. Build it with `npm run build:native` on a machine with the CUDA toolkit, or set SYNCBENCH_ADDON to its path.',
    withNote: '{reason} {note}',
    glibc:
      'On Linux the addon needs glibc {floor} or newer as shipped (Ubuntu 22.04, RHEL 9, Debian 12 or later); on an older system build it there with `npm run build:native`.',
    macos:
      'macOS has no CUDA: on a Mac, Sync Workbench opens replays, reports and the decision wizard, and measures nothing.',
    loadFailed: 'The native addon at {file} could not be loaded: {message}',
    oldGlibc: "{reason} This system's C library is too old. {note}",
    stale:
      'The native addon at {file} is stale: it was built from {built}, this app from {expected}…. It is not used. Rebuild it with `npm run build:native`.',
    sources: 'sources {hash}…',
    unknownSources: 'unknown sources',
  },
  /** Why a run could not start or stop, and how a run failed (electron/core/service/run-manager.ts). */
  run: {
    busy: 'A run is already in progress: cancel it or wait until it ends.',
    notFound: 'No run with id {id} is in progress.',
    failed: '{detail}',
    unknownFailure: 'the run failed',
    contextLostRestarted: '{detail} The CUDA context was lost; the measuring process was restarted.',
    contextLostRestartApp: '{detail} The CUDA context was lost; restart the app before measuring again.',
    stickyRestart: 'a sticky CUDA error broke the CUDA context',
  },
  /** What befell the measuring process (electron/worker/worker-backend.ts). */
  worker: {
    crashed: 'The measuring process {reason}.',
    crashedRestarted: 'The measuring process {reason}; it was restarted.',
    crashedBackoff:
      'The measuring process {reason}; it crashed {count} times within {window}, so it is restarted in {delay} instead of at once.',
    notStarted: 'did not start within {seconds} s',
    noAnswer: 'did not answer {method} within {seconds} s',
    silent: 'stopped reporting for {seconds} s during a run and was ended',
    cancelKilled: 'did not stop within {grace} of Cancel (the GPU was still busy), so it was killed',
    killedBySignal: 'was killed by signal {signal}',
    couldNotStart: 'could not be started',
    exited: 'exited unexpectedly (code {code})',
    restartedBecause: 'The measuring process was restarted: {reason}.',
    restartedTryAgain: 'The measuring process was restarted; try again.',
    closing: 'The app is closing; the measuring process was ended.',
    shutDown: 'The measuring process was shut down with the app.',
    crashLoop: 'The measuring process crashed {count} times within {window}; it is restarted in {left}.',
    noGpuUntilStarted: '{reason} The GPU cannot be used until it starts.',
    seconds: '{value} s',
  },
  /** The browser shell's refusals (electron/serve: import-route.ts, ws-api.ts). */
  serve: {
    busyServer: 'Too many calls in flight ({max} on this server): try again.',
    busyCalls: 'Too many calls in flight ({which}): wait for replies before sending more.',
    onConnection: '{max} on this connection',
    onServer: '{max} on this server',
    noFileName: 'Name the file in the {header} header (URI-encoded), e.g. "sweep.json".',
    fileNameNotEncoded:
      'The {header} header is not URI-encoded text: encode the name with encodeURIComponent.',
    overLimit: 'The file is over {limit}, the largest result file accepted.',
    upload: 'The upload',
    wrongType: "Send the file's bytes as {type}.",
    importFailed: 'The import failed: {detail}',
  },
  /** The browser shell's client when the server cannot be reached (renderer/api). */
  transport: {
    importUnreachable: 'The import did not reach the workbench server: {detail}',
    notConnected: 'Not connected to the workbench server: {detail}',
  },
  /** What differs between compared runs besides their numbers (electron/core/compare). */
  compare: {
    differ: '{what} differ: {values}.',
    runValue: 'run {run} {value}',
    unknown: 'unknown',
    devices: 'Devices',
    computeCapabilities: 'Compute capabilities',
    smCounts: 'SM counts',
    peakClocks: 'Peak SM clocks',
    drivers: 'Driver versions',
    runtimes: 'CUDA runtime versions',
    builds: 'Addon builds',
    build: 'CUDA {cuda} for {architectures}',
    schedules: 'Schedule flags',
    apps: 'App versions',
    appVersion: '{version} ({commit})',
    versionNotPublished: 'version not published',
    modes: 'Modes',
    param: 'Parameters "{key}"',
    stoppingRule: 'Stopping rules "{key}"',
    throttleThresholds: 'Throttle thresholds',
    notPublished: 'not published',
    notAParameter: '— (not a parameter of {mode})',
    notRecorded: 'not recorded',
    sameRun:
      'The same run appears {times}: runs {runs} and {last} are "{name}" (id {id}), so they agree by construction and say nothing about run-to-run noise.',
    twice: 'twice',
    times: '{count} times',
    clocks:
      'Measured SM clocks (median over points) differ by more than {percent}%: {values}. Per-sync ns scale with the clock; compare per-sync cycles too.',
    mhz: '{value} MHz',
    throttledOne: 'Run {run} has {count} throttled point.',
    throttledMany: 'Run {run} has {count} throttled points.',
    published:
      'Run {run} is published data, not measured by this product ({citation}): only medians, no noise information.',
    noCitation: 'no citation',
    status: 'Run {run} is {status}: some of its points may be missing.',
    cancelled: 'cancelled',
    failed: 'failed',
    missingPoints:
      'Run {run} lacks {missing} of the {total} points (matched by series and x, and by label where a run repeats a series at one x).',
  },
};
