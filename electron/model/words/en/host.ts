/**
 * The English of every coded host message (the contract's HostText), by code: `import.added` is
 * `HOST_TEXT_EN.import.added`. The host writes its English messages from these templates (host-text.ts), and the
 * renderer's English messages are these same objects (electron/model/words/en/ui.ts), so a translation (zh-CN.ts)
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
  /** Why the library's listing skipped a file (electron/core/results/library-scan.ts). */
  library: {
    duplicateId: '{file}: skipped: its id "{id}" is also the id of {other}.',
    cannotRead: '{file}: cannot read the file: {detail}',
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
    missing:
      'The native addon file (syncbench.node) is missing (not at {places}), so this installation cannot measure. {fix}',
    buildIt:
      'Build it with `bash scripts/setup.sh` or `npm run build:native`, or set SYNCBENCH_ADDON to its path.',
    noNvcc:
      'It cannot be built here: the CUDA compiler (nvcc) is missing too (not on PATH, in $CUDA_PATH/bin, $CUDA_HOME/bin or /usr/local/cuda/bin). Install the CUDA toolkit, then run `bash scripts/setup.sh` or `npm run build:native`; or set SYNCBENCH_ADDON to its path.',
    withNote: '{reason} {note}',
    glibc:
      'On Linux the addon needs glibc {floor} or newer as shipped (Ubuntu 22.04, RHEL 9, Debian 12 or later); on an older system build it there with `npm run build:native`.',
    macos:
      'macOS has no CUDA: on a Mac, Sync Workbench opens replays, reports and the decision wizard, and measures nothing.',
    loadFailed:
      'The native addon file {file} failed to load; rebuild it with `bash scripts/setup.sh` or `npm run build:native`. The loader said: {message}',
    oldGlibc: "{reason} This system's C library is too old. {note}",
    stale:
      'The native addon at {file} is stale: it was built from {built}, this app from {expected}…. It is not used. Rebuild it with `npm run build:native`.',
    sources: 'sources {hash}…',
    unknownSources: 'unknown sources',
  },
  /** Why no GPU can be used: the addon's sentences (native/src/device_query.cc), read back in gpu-reasons.ts. */
  gpu: {
    noDriver:
      'No NVIDIA driver is installed on this machine (the CUDA runtime says: "{runtime}"). Install the NVIDIA driver (r580 or newer for CUDA 13) to measure; reference data, replays, the decision wizard and exports work without one.',
    oldDriver:
      'The NVIDIA driver supports CUDA {driver} but this build needs CUDA {needs} (the CUDA runtime says: "{runtime}"). Update the NVIDIA driver.',
    noDevice:
      'The NVIDIA driver is loaded but sees no CUDA-capable GPU (the CUDA runtime says: "{runtime}"). Check CUDA_VISIBLE_DEVICES and that the GPU is not assigned elsewhere.',
    busy: 'Every GPU is busy or in a compute mode that refuses new contexts (the CUDA runtime says: "{runtime}").',
    noRuntime: 'The CUDA runtime could not start (the CUDA runtime says: "{runtime}").',
  },
  /** The browser shell's page for an address without its token (electron/serve/no-token-page.ts). */
  noToken: {
    title: 'Sync Workbench: open the address printed at start',
    heading: 'This address has no valid token',
    why: 'Either the server was restarted (it makes a new token each time it starts, so an address from before, a bookmark or a saved link, no longer opens it), or this browser never opened the address with the token: an address without it opens only in the browser that opened the one with it, so a link copied into another browser or profile needs the token too.',
    fix: 'Open the address that `npm start` or `syncbench serve` printed when it started again; it ends in `?token=…`.',
    answers:
      'A "Which barrier?" link keeps its answers in the address, after the `#`: copy that part of this address (`#/wizard?…`) and append it to the new address, after its token.',
    asked: 'This address asked for {path}: append it to the new address too.',
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
  /** What differs between compared runs besides their numbers (electron/model/compare). */
  compare: {
    differ: '{what} differ: {values}.',
    runValue: 'run {run} {value}',
    unknown: 'unknown',
    devices: 'Devices',
    computeCapabilities: 'Compute capabilities',
    smCounts: 'SM counts',
    peakClocks: 'Peak SM clocks',
    drivers: 'Driver versions',
    driver: '{driver} (supports CUDA {cuda})',
    driverCuda: 'supports CUDA {cuda}',
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
  /**
   * Why the measurement core refused a field of a run request (electron/model/modes, electron/core/measure: the
   * PlanError of each field; the Run form shows them next to the fields).
   */
  plan: {
    /** A field's message on a line of its own: the field's name first. */
    field: '{field}: {problem}',
    gpuLocked:
      'another Sync Workbench process (pid {pid}) is measuring on GPU {gpu}; waited {seconds} s for it; run again ' +
      'when it ends, or pass --shared (Run form: "Measure beside other runs") to measure beside it',
    gpuNotFree:
      'GPU {gpu} was not free of other compute processes after {seconds} s: {processes}; stop them, or run ' +
      'without --exclusive (the points are then flagged as measured on a shared GPU)',
    gpuUnknown:
      'GPU {gpu}: --exclusive needs NVML to see the compute processes, and NVML is not available ({reason})',
    /** Two or more problems of one field, one clause after the other. */
    clauses: '{first}; {rest}',
    /** A range of allowed values; an open end is -∞ or ∞. */
    range: '{min} to {max}',
    unknownParam: 'unknown parameter; this mode takes {names}',
    unknownParamNone: 'unknown parameter; this mode takes none',
    notOneOf: "'{value}' is not allowed; use one of {values}",
    notWholeList: "'{given}' is not a comma-separated list of whole numbers from {range}",
    notWhole: "'{given}' is not a whole number; allowed: {range}",
    notNumber: "'{given}' is not a number; allowed: {range}",
    outOfRange: '{value} is out of range; allowed: {range}',
    outOfRangeUnit: '{value} is out of range; allowed: {range} {unit}',
    unknownMode: "unknown mode '{mode}'; known modes: {modes}",
    modeNeedsCc: '{mode} needs compute capability {cc} or newer; {device} is {deviceCc}',
    noDevice: 'device {ordinal} does not exist; this machine has devices 0..{last}',
    threadsPerBlock: '{value} is not allowed; use 1 to {max}',
    stoppingWhole: '{value} is not allowed; use a whole number from {min} to {max}',
    stoppingNumber: '{value} is not allowed; use a number from {min} to {max}',
    atLeast: '{field} ({value}) must be at least {other} ({otherValue})',
    tooManyThreads:
      '{threads} threads per block is more than this device allows ({limit}, cudaDeviceProp.maxThreadsPerBlock)',
    noCooperative:
      '{device} does not support cooperative launch (cudaDevAttrCooperativeLaunch = 0), so grid-wide sync cannot run',
    overCoResident:
      '{blocks} blocks is more than can be co-resident for a cooperative launch: {how}. A larger grid fails with cudaErrorCooperativeLaunchTooLarge ("too many blocks in cooperative launch").',
    occupancy:
      'cudaOccupancyMaxActiveBlocksPerMultiprocessor({workload}, {threads} threads, 0 B dynamic shared memory) = {blocksPerSm} blocks/SM × {smCount} SMs = {blocks} blocks',
    noGridBlock: 'no block of {nwarps} warps fits for grid_sync: {how}',
    handoffWarps: 'the hand-off needs at least 2 warps (a writer and a reader)',
    tileSizes: '{problems}; allowed: {allowed}',
    notPowerOfTwo: '{size} is not a power of two',
    tileTooLarge: '{size} is larger than the block ({threads} threads; raise nwarps)',
    tileNeedsCc80: '{size} needs compute capability 8.0+ (multi-warp tiles); {device} is {cc}',
    tooManyParticipants: '{over} warps is more than the block has (nwarps = {nwarps})',
    noWorkKernelOne: '{wrong} FADDs: no kernel is built for it; allowed: {allowed}',
    noWorkKernelMany: '{wrong} FADDs: no kernel is built for them; allowed: {allowed}',
    noClusterLaunch:
      '{device} does not support cluster launch (cudaDevAttrClusterLaunch = 0; thread-block clusters need compute capability 9.0+)',
    clusterSizeThreads:
      'cluster size {size} with {threads} threads per block cannot be launched on {device}: cudaOccupancyMaxActiveClusters = 0{why}; sizes above 8 need cudaFuncAttributeNonPortableClusterSizeAllowed and a device that allows them (16 on Hopper)',
    clusterSize:
      'cluster size {size} cannot be launched on {device}: cudaOccupancyMaxActiveClusters = 0{why}; sizes above 8 need cudaFuncAttributeNonPortableClusterSizeAllowed and a device that allows them (16 on Hopper)',
    /** The CUDA runtime's reason after a value it gave, in its own words. */
    runtimeSays: ' ({reason})',
    clustersNotCoResident:
      '{clusters} clusters of {size} blocks cannot all be co-resident on {device}: cudaOccupancyMaxActiveClusters({workload}, {threads} threads, cluster {size}) = {max}',
    needsSm90:
      '{what} needs compute capability 9.0 (Hopper) or newer; {device} is {cc}, so its kernels are built without these instructions and are not launched',
    sm90Pdl:
      'programmatic dependent launch (griddepcontrol, cudaLaunchAttributeProgrammaticStreamSerialization)',
    sm90Pipeline: 'the pipeline mode (mbarrier transaction counts, cp.async.bulk)',
    sm90ClusterArrive: 'distributed shared memory and remote mbarrier arrive (thread-block clusters)',
    payloadMultiple:
      '{bytes} B is not a multiple of {multiple} B: cp.async.bulk (TMA) copies a size that is a multiple of 16 bytes between 16-byte-aligned addresses, and stage k starts at k × payload, so the payload must be a multiple of 16 B (the same rule holds for the 16-byte vectors of the other variants)',
    payloadTooLarge: '{bytes} B is more than the largest stage payload the kernels take ({max} B)',
    stageSmem:
      '{stages} stages × {bytes} B + {barriers} B of barriers = {need} B of shared memory per block is more than {device} allows a block to opt in to ({limit} B, cudaDevAttrMaxSharedMemoryPerBlockOptin); use fewer stages or a smaller payload',
    consumerWarps:
      '{warps} consumer warps + 1 producer warp = {threads} threads is more than this device allows per block ({limit}, cudaDeviceProp.maxThreadsPerBlock)',
    noPairs: '{why} ({devices}); multi_gpu needs two GPUs in this process (check CUDA_VISIBLE_DEVICES)',
    deviceName: 'device {ordinal}: {name}',
    /** Why a machine has no GPU pair (also the Device view's note, electron/model/multi-gpu/topology.ts). */
    oneGpu: 'one GPU: no pairs',
    noGpu: 'no GPU: no pairs',
    pairsNotReported:
      'the GPU pairs are not known: the addon was built before the multi-GPU family; rebuild it with `npm run build:native`',
    pairsNotKnown: 'the GPU pairs are not known',
    noSuchGpu: "'{pair}' names a GPU this machine does not have; its devices are 0 to {last}",
    notAPair: "'{pair}' is not a pair; give two different device ordinals, e.g. 0,1",
  },
};
